// Figures drawn for the dark theme. Each figure is an SVG image drawn dark on
// white (course/rankmetrics_course/figures.py); in dark mode the theme showed it
// dimmed on a white card inside a bright panel, a bright block on a dark page.
// In dark mode each figure's SVG is redrawn here, as the page shows it:
// * white grounds (the figure's, the axes', a legend's) take the page's colour;
// * black (text, axes, ticks) takes the page's text colour;
// * text in a colour too dark for the dark ground is lightened until it reads
//   at least 5:1 against it (WCAG asks 4.5:1), and lines until they show at
//   3:1; white text, which sits on a coloured bar, stays white, and so do the
//   bars and areas that carry it;
// * light bars and areas, which carry black text (light here), are darkened
//   until that text reads at least 5:1 on them.
// Slider frames arrive as new images: each is redrawn as it is shown. Back in
// light mode every figure shows its own drawing again.
(function () {
  const GROUND = "#121212";      // the theme's dark page background
  const INK = "#ced6dd";         // the theme's dark text colour
  const TEXT_CONTRAST = 5;       // at least 4.5:1, with room for anti-aliasing
  const LINE_CONTRAST = 3;       // WCAG's 3:1 for graphics
  const darkOf = new Map();      // a figure's own (light) source -> its dark one
  const lightOf = new Map();     // and back

  const hex = (c) => {
    const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c.trim());
    if (!m) return null;
    const h = m[1].length === 3 ? m[1].replace(/./g, "$&$&") : m[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  };
  const toHex = (rgb) => "#" + rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const luminance = (rgb) => rgb.map((v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const ground = hex(GROUND);
  const ink = hex(INK);
  // A fill this light (relative luminance) can only carry black text, which
  // turns light here: the fill is darkened under it. Darker fills, which carry
  // white text if any, keep their colour (#767676, the darkest grey that white
  // reads on at 4.5:1, has 0.18).
  const LIGHT_FILL = 0.2;

  // ``colour`` mixed, in steps of 5 %, with ``toward`` until it and ``against`` read ``least``:1.
  function mix(colour, toward, against, least) {
    const rgb = hex(colour);
    if (!rgb) return colour;
    for (let share = 0; share <= 1.0001; share += 0.05) {
      const mixed = rgb.map((v, i) => v + (toward[i] - v) * share);
      if (ratio(mixed, against) >= least) return toHex(mixed);
    }
    return toHex(toward);
  }
  const lighten = (colour, least) => mix(colour, [255, 255, 255], ground, least);
  const darken = (colour, least) => mix(colour, ground, ink, least);

  // One style attribute of a <text> (text) or of a shape.
  function restyle(style, text) {
    return style.replace(/(^|;)\s*(fill|stroke):\s*(#[0-9a-fA-F]{3,6})/g, (whole, lead, property, colour) => {
      const c = colour.toLowerCase();
      let dark;
      if (c === "#ffffff" || c === "#fff") dark = text ? c : GROUND;
      else if (c === "#000000" || c === "#000") dark = INK;
      else if (text) dark = lighten(c, TEXT_CONTRAST);
      else if (property === "stroke") dark = lighten(c, LINE_CONTRAST);
      else if (hex(c) && luminance(hex(c)) > LIGHT_FILL) dark = darken(c, TEXT_CONTRAST);
      else dark = c;  // a bar or an area: white labels may sit on it
      return `${lead} ${property}: ${dark}`;
    });
  }

  function darkSvg(svg) {
    return svg
      .replace(/<([a-zA-Z]+)\b([^>]*)>/g, (tag, name, attributes) => {
        const text = name === "text" || name === "tspan";
        const styled = attributes.replace(/\sstyle='([^']*)'/, (_, style) => ` style='${restyle(style, text)}'`)
          .replace(/\sstyle="([^"]*)"/, (_, style) => ` style="${restyle(style, text)}"`);
        return `<${name}${styled}>`;
      })
      // Text without a colour of its own is black: the page's ink instead; and
      // a ground under everything, for figures drawn without one.
      .replace(/(<svg\b[^>]*>)/, `$1<style>text{fill:${INK}}</style>`
        + `<rect width='100%' height='100%' style='fill: ${GROUND}'/>`);
  }

  const PREFIX = "data:image/svg+xml,";
  function toDark(src) {
    if (!darkOf.has(src)) {
      const dark = PREFIX + encodeURIComponent(darkSvg(decodeURIComponent(src.slice(PREFIX.length))));
      darkOf.set(src, dark);
      lightOf.set(dark, src);
    }
    return darkOf.get(src);
  }

  const isDark = () => document.documentElement.dataset.theme === "dark";

  // By its source alone, so that a frame kept while dark (by a slider) is also
  // given back its own drawing in light mode.
  function show(img) {
    const src = img.getAttribute("src") || "";
    if (!src.startsWith(PREFIX)) return;
    if (isDark() && !lightOf.has(src)) img.setAttribute("src", toDark(src));
    else if (!isDark() && lightOf.has(src)) img.setAttribute("src", lightOf.get(src));
  }

  const figures = (root) => (root.matches && root.matches("img.rml-figure") ? [root]
    : root.querySelectorAll ? root.querySelectorAll("img.rml-figure") : []);
  const showAll = () => document.querySelectorAll("img.rml-figure").forEach(show);

  // A new slider frame (its images replaced), or the reader's choice of mode.
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === "childList") change.addedNodes.forEach((node) => figures(node).forEach(show));
      else if (change.target === document.documentElement) showAll();
      else if (change.target.matches("img.rml-figure")) show(change.target);
    }
  }).observe(document.documentElement, {subtree: true, childList: true, attributes: true,
                                         attributeFilter: ["data-theme", "src"]});
  showAll();
})();
