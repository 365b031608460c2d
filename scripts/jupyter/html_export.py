"""Writes the HTML pages of executed notebooks, one process for a whole run.

What `jupyter nbconvert --to html --template report` writes for each notebook, with cells tagged
with the hidden tag left out, but Python, nbconvert and the template load once for the run
instead of once per page: a page then takes about a quarter of the time.
scripts/jupyter/html-export.mjs starts it as

    python3 html_export.py TEMPLATES_DIR HIDDEN_TAG

and writes one request per line on its standard input, `{"notebook": PATH, "page": PATH}`; each
gets one line on standard output, `{"ok": true}` or `{"ok": false, "error": TEXT}`. It ends when its
input ends.
"""
import json
import os
import sys
import traceback

from jupyter_core.paths import jupyter_config_dir
from nbconvert import HTMLExporter
from traitlets.config import Config


def exporter(templates, hidden_tag):
    """The `report` template's HTML exporter, with the tag removal the command line sets."""
    config = Config()
    config.TemplateExporter.extra_template_basedirs = [templates]
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_cell_tags = [hidden_tag]
    return HTMLExporter(config=config, template_name="report")


def write_page(html, notebook, page):
    """Writes one page; the resources are those nbconvert's command line gives a notebook."""
    name = os.path.splitext(os.path.basename(notebook))[0]
    resources = {"config_dir": jupyter_config_dir(), "unique_key": name, "output_files_dir": f"{name}_files"}
    body, _ = html.from_filename(notebook, resources=resources)
    with open(page, "w", encoding="utf-8") as out:
        out.write(body)


def main(templates, hidden_tag):
    html = exporter(templates, hidden_tag)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            write_page(html, request["notebook"], request["page"])
            reply = {"ok": True}
        except Exception:  # noqa: BLE001 - any failure is that page's, reported to the caller
            reply = {"ok": False, "error": traceback.format_exc(limit=8)}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
