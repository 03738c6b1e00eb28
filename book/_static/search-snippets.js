// Search results quote the page's text around the words found; a formula there
// is raw TeX ("\mathrm{P@k}(q) = \frac{...}"). Quote formulas as "…" instead.
// (Sphinx declares Search with const: it is a global name, not a window property.)
if (typeof Search !== "undefined" && Search.htmlToText) {
  const pageText = Search.htmlToText;
  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    page.querySelectorAll(".math").forEach((formula) => formula.replaceWith("…"));
    return pageText(page.documentElement.outerHTML, anchor);
  };
}
