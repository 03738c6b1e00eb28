// Search results quote the page's text around the words found; a formula there
// is raw TeX ("\mathrm{P@k}(q) = \frac{...}"). Quote formulas as "…" instead.
if (window.Search && Search.htmlToText) {
  const pageText = Search.htmlToText;
  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    page.querySelectorAll(".math").forEach((formula) => formula.replaceWith("…"));
    return pageText(page.documentElement.outerHTML, anchor);
  };
}
