"""Work around theme bugs that readers meet on every page.

* The colour mode: the theme reads ``default_mode`` from the page context and,
  left empty, logs "Got invalid theme mode" on every load; "auto" follows the
  reader's system setting, which is what the empty value ends up meaning.
* Thebe: ``launch_buttons.thebe`` is off, yet sphinx-thebe adds its inline
  configuration script (twice: "Identifier 'THEBE_JS_URL' has already been
  declared") and its script and style to every page. No page uses them.
* Icons: the theme draws its icons twice over, from its stylesheet's icon font
  and, replacing those, as SVG built by ``fontawesome.js`` (1.5 MB on every
  page, the largest file a reader downloads). The font alone draws them, and
  the SVG titles it adds gave the colour-mode button a visible name unlike its
  label. The script is written out empty.
* Sidebar toggles, the search button's name, equations and tables on phones,
  search snippets quoting the sentence that matches (without TeX), search
  results led by the page whose title names the words, a skip link to a
  chapter's first slider, the sidebar's title inside its navigation landmark,
  a contents drawer that closes when an entry is chosen, one search box per
  page with its icon clear of the text, a legible highlight, links that read
  in tinted boxes, figures drawn for dark mode, and pages that print whole (code
  wrapped at the margin, each slider at its start with a line saying where it moves):
  the scripts and the stylesheets in ``_static``.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "_static"


def _is_thebe(asset) -> bool:
    body = asset.attributes.get("body", "") if hasattr(asset, "attributes") else ""
    return "thebe" in str(asset).lower() or "THEBE_JS_URL" in body


def _fix_page(app, pagename, templatename, context, doctree) -> None:
    context["default_mode"] = context.get("default_mode") or "auto"
    # docutils marks bibliography entries "doc-biblioentry" (a deprecated role)
    # inside role="list", which must hold list items (axe: aria-required-children).
    if "body" in context:
        context["body"] = context["body"].replace('role="doc-biblioentry"', 'role="listitem"')
    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [asset for asset in context[key] if not _is_thebe(asset)]


def _add_static(app, config) -> None:
    config.html_static_path.append(str(STATIC))


def _empty_fontawesome_script(app, exception) -> None:
    script = Path(app.outdir) / "_static" / "scripts" / "fontawesome.js"
    if exception is None and script.exists():
        script.write_text("// Icons come from the theme's icon font (see book/_ext/theme_fixes.py).\n")


def setup(app):
    app.connect("config-inited", _add_static)
    app.add_js_file("sidebar-toggles.js", loading_method="defer")
    app.add_js_file("accessible-names.js", loading_method="defer")
    app.add_js_file("fit-screen.js", loading_method="defer")
    app.add_js_file("search-snippets.js", loading_method="defer")
    app.add_js_file("slider-skip-link.js", loading_method="defer")
    app.add_js_file("search-ranking.js", loading_method="defer")
    app.add_js_file("landmarks.js", loading_method="defer")
    app.add_js_file("contents-drawer.js", loading_method="defer")
    app.add_js_file("print-sliders.js", loading_method="defer")
    # As soon as it arrives: a reader who chose dark mode sees figures drawn dark
    # from the first paint (it redraws each figure as the page adds it).
    app.add_js_file("dark-figures.js", loading_method="async")
    app.add_css_file("phone-layout.css")
    app.add_css_file("search.css")
    app.add_css_file("dark-mode.css")
    app.add_css_file("sidebar.css")
    app.add_css_file("links.css")
    app.add_css_file("print.css")
    app.connect("build-finished", _empty_fontawesome_script)
    app.connect("html-page-context", _fix_page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
