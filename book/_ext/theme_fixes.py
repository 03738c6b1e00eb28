"""Work around theme bugs that readers meet on every page.

* The colour mode: the theme reads ``default_mode`` from the page context and,
  left empty, logs "Got invalid theme mode" on every load; "auto" follows the
  reader's system setting, which is what the empty value ends up meaning.
* Thebe: ``launch_buttons.thebe`` is off, yet sphinx-thebe adds its inline
  configuration script (twice: "Identifier 'THEBE_JS_URL' has already been
  declared") and its script and style to every page. No page uses them.
* Sidebar toggles: ``_static/sidebar-toggles.js`` (see the script).
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "_static"


def _is_thebe(asset) -> bool:
    body = asset.attributes.get("body", "") if hasattr(asset, "attributes") else ""
    return "thebe" in str(asset).lower() or "THEBE_JS_URL" in body


def _fix_page(app, pagename, templatename, context, doctree) -> None:
    context["default_mode"] = context.get("default_mode") or "auto"
    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [asset for asset in context[key] if not _is_thebe(asset)]


def _add_static(app, config) -> None:
    config.html_static_path.append(str(STATIC))


def setup(app):
    app.connect("config-inited", _add_static)
    app.add_js_file("sidebar-toggles.js", loading_method="defer")
    app.connect("html-page-context", _fix_page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
