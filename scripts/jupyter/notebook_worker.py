"""Executes notebooks and writes their HTML pages for a report run, one process for the whole run.

Each request does what one `jupyter nbconvert` command does, with the same exporters, settings
and files written, but Python, nbconvert and the report template load once for the run instead
of once per notebook and per page (scripts/jupyter/notebook-worker.mjs starts it as
`python3 notebook_worker.py TEMPLATES_DIR HIDDEN_TAG`, with this folder on PYTHONPATH):

- `{"execute": {"notebook": IN, "output": OUT, "kernel": NAME, "timeout": S, "startup_timeout": S,
  "attempts": N, "env": {NAME: VALUE}}}` is `jupyter nbconvert --to notebook` with late_outputs.KeepLateOutputs as
  its executor: the executed notebook goes to OUT. The kernel starts with `env` added to this
  process's environment. A kernel that ends before its first reply (another process took one of
  its ports: docs/notebooks.md#a-kernel-that-does-not-start) is replaced, at most `attempts`
  starts in all.
- `{"page": {"notebook": IN, "page": OUT}}` is `jupyter nbconvert --to html --template report`
  with the cells tagged HIDDEN_TAG left out.

Requests come one per line on standard input; each gets one line on standard output (which
carries nothing else: the kernels' output and any other goes to standard error),
`{"ok": true, ...}` or `{"ok": false, "error": TEXT, ...}` (an execution's also has `stderr`, what
the failing cell wrote there, and `restarts`, the failures of the replaced kernels). The process
ends when its input ends.
"""
import json
import os
import sys
import traceback

from jupyter_core.paths import jupyter_config_dir
from nbconvert import HTMLExporter, NotebookExporter
from traitlets.config import Config

from late_outputs import KeepLateOutputs

DIED_AT_START = "Kernel died before replying to kernel_info"


def resources_of(notebook):
    """The resources nbconvert's command line gives a notebook (from_filename adds its metadata)."""
    name = os.path.splitext(os.path.basename(notebook))[0]
    return {"config_dir": jupyter_config_dir(), "unique_key": name, "output_files_dir": f"{name}_files"}


def write_text(path, text):
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def page_exporter(templates, hidden_tag):
    """The `report` template's HTML exporter, with the tag removal the command line sets."""
    config = Config()
    config.TemplateExporter.extra_template_basedirs = [templates]
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_cell_tags = [hidden_tag]
    return HTMLExporter(config=config, template_name="report")


def notebook_exporter(kernel, timeout, startup_timeout):
    """`--to notebook` with KeepLateOutputs as its executor (what
    `--NotebookExporter.preprocessors=late_outputs.KeepLateOutputs` registers), and that executor."""
    config = Config()
    config.ExecutePreprocessor.kernel_name = kernel
    config.ExecutePreprocessor.timeout = timeout
    config.ExecutePreprocessor.startup_timeout = startup_timeout
    exporter = NotebookExporter(config=config)
    executor = KeepLateOutputs(parent=exporter)
    exporter.register_preprocessor(executor, enabled=True)
    return exporter, executor


def stderr_of(cell):
    """What a cell wrote on stderr (tslab reports a type error or a thrown error only there)."""
    if cell is None:
        return ""
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream" and o.get("name") == "stderr")


def execute_once(request):
    """One execution; returns (reply, died_at_start)."""
    exporter, executor = notebook_exporter(request["kernel"], request["timeout"], request["startup_timeout"])
    try:
        body, _ = exporter.from_filename(request["notebook"], resources=resources_of(request["notebook"]))
    except Exception as err:  # noqa: BLE001 - reported to the caller, who fails this notebook
        cell = getattr(executor, "running_cell", None)
        died = cell is None and isinstance(err, RuntimeError) and DIED_AT_START in str(err)
        text = str(err) if str(err).startswith("An error occurred") else traceback.format_exc(limit=6)
        return {"ok": False, "error": text, "stderr": stderr_of(cell)}, died
    write_text(request["output"], body)
    return {"ok": True}, False


def execute(request):
    saved = {name: os.environ.get(name) for name in request.get("env", {})}
    os.environ.update(request.get("env", {}))
    try:
        restarts = []
        while True:
            reply, died = execute_once(request)
            if not died or len(restarts) + 1 >= request.get("attempts", 1):
                return {**reply, "restarts": restarts}
            restarts.append(reply["error"])
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def page(html, request):
    body, _ = html.from_filename(request["notebook"], resources=resources_of(request["notebook"]))
    write_text(request["page"], body)
    return {"ok": True}


def reply_channel():
    """Standard output, kept for the replies alone: what anything else prints (a library, or a
    kernel, which inherits this process's output) goes to standard error from here on."""
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return channel


def main(templates, hidden_tag):
    replies = reply_channel()
    html = None
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            if "execute" in request:
                reply = execute(request["execute"])
            else:
                html = html or page_exporter(templates, hidden_tag)
                reply = page(html, request["page"])
        except Exception:  # noqa: BLE001 - any failure is that request's, reported to the caller
            reply = {"ok": False, "error": traceback.format_exc(limit=8)}
        replies.write(json.dumps(reply) + "\n")
        replies.flush()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
