# Times the reference Python client of the protocol against our service (bench/client-e2e.ts runs
# it; the client's source is found through PYTHONPATH, never copied into this project).
# Each case: load + pandas DataFrame, after sleeping past the client's request interval; prints
# one JSON line {case: [milliseconds, ...]}. A fifth argument `identity` makes its session ask for
# uncompressed answers (it asks for gzip otherwise, as requests always does).
import json
import sys
import time

from energyquantified import EnergyQuantified

api_url, api_key, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
cases = json.loads(sys.argv[4])
eq = EnergyQuantified(api_key=api_key, api_url=api_url, http_delay=0.05)
if len(sys.argv) > 5 and sys.argv[5] == "identity":
    eq._session.session.headers["Accept-Encoding"] = "identity"
out = {}
for case in cases:
    times = []
    for _ in range(runs + 2):
        time.sleep(0.06)
        started = time.perf_counter()
        if case["kind"] == "timeseries":
            ts = eq.timeseries.load(case["curve"], begin=case["begin"], end=case["end"])
        else:
            ts = eq.instances.get(case["curve"], issued=case["issued"], tag=case["tag"], ensembles=True)
        df = ts.to_dataframe()
        times.append((time.perf_counter() - started) * 1000)
        assert len(df) == case["rows"], (len(df), case["rows"])
    out[case["label"]] = times[2:]
print(json.dumps(out))
