# The forecast-skill evaluation of bench/skill.ts written with the reference Python client of the
# protocol and pandas, as an analyst writes it with that client: list the instances of each tag
# (pages of 25, newest first), get each one (one request per instance), line it up with the actual,
# bucket the errors by lead time (value time minus issue time) and aggregate n, MAE, RMSE and bias
# per tag and bucket. The client's source is found through PYTHONPATH (bench/reference-runner.ts),
# never copied into this project.
#
#   python3 skill-reference.py API_URL API_KEY SPEC_JSON
#
# SPEC_JSON: {"curve", "actual", "tags", "begin", "end" (ISO instants, issue times [begin, end)),
# "stepHours", "maxHours", "httpDelay"}. Prints one JSON line: {"ms", "requests", "instances",
# "rows": [{"tag", "leadStart", "n", "mae", "rmse", "bias"}, ...]}.
import json
import sys
import time
from datetime import datetime, timedelta

import numpy as np
import pandas as pd
from energyquantified import EnergyQuantified

api_url, api_key, spec = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
started = time.perf_counter()
eq = EnergyQuantified(api_key=api_key, api_url=api_url, http_delay=spec["httpDelay"])
begin = datetime.fromisoformat(spec["begin"].replace("Z", "+00:00"))
end = datetime.fromisoformat(spec["end"].replace("Z", "+00:00"))
step = pd.Timedelta(hours=spec["stepHours"])
max_lead = pd.Timedelta(hours=spec["maxHours"])
requests = 0

# 1. list the instances of each tag in the period, page by page
instances = []
for tag in spec["tags"]:
    latest = end - timedelta(seconds=1)
    while True:
        page = eq.instances.list(spec["curve"], tags=tag, limit=25, issued_at_earliest=begin, issued_at_latest=latest)
        requests += 1
        instances.extend(page)
        if len(page) < 25:
            break
        latest = min(i.issued for i in page) - timedelta(seconds=1)

# 2. the actual over the instances' reach, once
actual_ts = eq.timeseries.load(spec["actual"], begin=begin, end=end + max_lead.to_pytimedelta())
requests += 1
actual = actual_ts.to_pd_df(single_level_header=True).iloc[:, 0].tz_convert("UTC")

# 3. each instance: load, line up with the actual, errors by lead bucket
parts = []
for inst in instances:
    ts = eq.instances.get(spec["curve"], issued=inst.issued, tag=inst.tag)
    requests += 1
    forecast = ts.to_pd_df(single_level_header=True).iloc[:, 0].tz_convert("UTC")
    lead = forecast.index - pd.Timestamp(inst.issued).tz_convert("UTC")
    frame = pd.DataFrame({"error": forecast.to_numpy() - actual.reindex(forecast.index).to_numpy(), "lead": lead})
    frame = frame[(frame["lead"] >= pd.Timedelta(0)) & (frame["lead"] < max_lead)].dropna(subset=["error"])
    frame["bucket"] = (frame["lead"] // step).astype(int)
    frame["tag"] = inst.tag
    parts.append(frame[["tag", "bucket", "error"]])

# 4. aggregate per tag and bucket
errors = pd.concat(parts, ignore_index=True)
errors["abs"] = errors["error"].abs()
errors["sq"] = errors["error"] ** 2
table = errors.groupby(["tag", "bucket"]).agg(n=("error", "size"), mae=("abs", "mean"), mse=("sq", "mean"), bias=("error", "mean"))
table["rmse"] = np.sqrt(table["mse"])
ms = (time.perf_counter() - started) * 1000

rows = [
    {
        "tag": tag,
        "leadStart": int(bucket) * spec["stepHours"],
        "n": int(r.n),
        "mae": float(r.mae),
        "rmse": float(r.rmse),
        "bias": float(r.bias),
    }
    for (tag, bucket), r in table.iterrows()
]
print(json.dumps({"ms": ms, "requests": requests, "instances": len(instances), "rows": rows}))
