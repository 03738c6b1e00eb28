// Search ranks a page first when its title names what was searched for. Sphinx
// scores a word found in any heading of a page alike, and breaks ties by the
// title's alphabetical order, so "mean reciprocal rank" listed chapters 0 and
// 14 (whose headings say "ranking") before chapter 15. Here:
// * a page whose title holds every word searched for, or their initials
//   ("mean reciprocal rank": "MRR and hit rate"), comes first of all, the
//   title the words fill most first;
// * the chapter that defines a glossary term searched for by its name ("bpref": chapter 16,
//   which the glossary's entry names) ranks as a page whose title the words fill, above the
//   glossary's entry, which comes next, titled by its term ("bpref (glossary)");
// * a page with a section heading that holds every word ("bpref: only judged
//   documents count") comes next, after the glossary's entry for the words;
// * everything else keeps Sphinx's order.
// The glossary's terms and their chapters: window.rmlGlossary (book/_ext/search_definitions.py).
// (Sphinx declares Search with const and Scorer with var: both are global names.)
if (typeof Search !== "undefined" && typeof Scorer !== "undefined" && Search._performSearch) {
  (function () {
    const OWN_TITLE = 1000;  // above every score Sphinx gives (an index entry: at most 100)
    const OWN_SECTION = 50;  // below the glossary's exact entry (100), above full-text hits (15)
    const stemmer = new Stemmer();
    const glossary = window.rmlGlossary || {definedIn: {}, terms: {}};
    const GLOSSARY_PAGE = "book/glossary";
    const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

    const decode = (html) => new DOMParser().parseFromString(html, "text/html").body.textContent;
    const words = (text) => splitQuery(text.toLowerCase())
      .filter((w) => !stopwords.includes(w) && !/^\d+$/.test(w));
    const stems = (text) => words(text).map((w) => stemmer.stemWord(w));
    const holdsAll = (title, wanted) => {
      const have = new Set(stems(title));
      return wanted.length > 0 && wanted.every((w) => have.has(w));
    };

    // Per page (its index in the search index): how well its title and its
    // section headings name the query; computed once per query.
    let weights = new Map();
    function weigh(raw) {
      const index = Search._index;
      const query = words(raw);
      const wanted = query.map((w) => stemmer.stemWord(w));
      const initials = query.length > 1 ? query.map((w) => w[0]).join("") : null;
      weights = new Map();
      index.titles.forEach((html, file) => {
        const title = decode(html).replace(/^\d+\.\s*/, "");
        const titleWords = stems(title);
        if (holdsAll(title, wanted) || (initials && words(title).includes(initials))) {
          // The share of the title's words that the query fills: "nDCG" fills "nDCG".
          const filled = titleWords.filter((w) => wanted.includes(w)).length || 1;
          weights.set(file, OWN_TITLE + Math.round(100 * filled / titleWords.length));
        }
      });
      // The chapter that defines the term searched for, as the glossary names it.
      const definer = index.docnames.indexOf(glossary.definedIn[raw.trim().toLowerCase()]);
      if (definer >= 0) weights.set(definer, Math.max(weights.get(definer) || 0, OWN_TITLE + 100));
      for (const [heading, places] of Object.entries(index.alltitles)) {
        // Exercises' and solutions' headings name a task, not the section's subject.
        if (/^\s*\(|^Solution to /.test(heading) || !holdsAll(heading, wanted)) continue;
        for (const [file] of places) {
          if (!weights.has(file)) weights.set(file, OWN_SECTION);
        }
      }
    }

    // Sphinx compares a page's title as stored (HTML, "Precision&#64;k") with its
    // heading (text, "Precision@k"), finds them unlike, and lists the page twice,
    // once as "2. Precision@k > 2. Precision@k": that second entry is left out.
    const performSearch = Search._performSearch;
    Search._performSearch = (raw, ...rest) => {
      weigh(raw);
      const titles = new Set(Search._index.titles.map(decode));
      return performSearch(raw, ...rest).filter(([, title, anchor]) => {
        const [page, heading] = decode(title).split(" > ");
        return !(anchor && heading !== undefined && heading === page && titles.has(page));
      }).map((result) => {
        // A glossary entry's hit is titled by its term, not "Glossary".
        const [docname, , anchor] = result;
        const term = docname === GLOSSARY_PAGE && anchor && glossary.terms[anchor.slice(1)];
        return term ? [result[0], `${escape(term)} (glossary)`, ...result.slice(2)] : result;
      });
    };

    // A result is [docname, title, anchor, description, score, filename].
    const score = Scorer.score;
    Scorer.score = (result) => {
      const base = score ? score(result) : result[4];
      const [docname, , anchor, description] = result;
      if (description) return base;  // an object of the API reference
      const file = Search._index.docnames.indexOf(docname);
      const weight = weights.get(file) || 0;
      // The page itself takes its title's weight; a section of it, the lesser one.
      if (weight >= OWN_TITLE && anchor) return base + OWN_SECTION;
      return base + weight;
    };
  })();
}
