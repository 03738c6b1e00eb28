// Search results quote the sentence of the page that matches the words searched
// for. Sphinx quotes 240 characters around the first place a word occurs in the
// page's text, which is often the page's title and its print-only contents list
// ("…14. nDCG Contents…"), and shows formulas as raw TeX. Here the snippet is the
// best-matching sentence of the page's prose (the most words searched for, the
// first such sentence), with each formula written in its letters and symbols ("a factor
// 1 − α less"), or as "…" where it holds what plain text cannot say.
// (Sphinx declares Search with const: it is a global name, not a window property.)
if (typeof Search !== "undefined" && Search.makeSearchSummary) {
  (function () {
    const LONGEST = 240;
    // Blocks of prose, and what is never prose: the print-only title and contents,
    // navigation, headings' link marks, code cells and the page's own scripts.
    const BLOCKS = "p, li, dd, dt, td, th, figcaption, caption";
    const NOT_PROSE = ".headerlink, script, style, .onlyprint, nav, .cell_input, "
      + ".bd-header-article, .prev-next-footer, .rml-frames, .toctree-wrapper";
    const stemmer = typeof Stemmer !== "undefined" ? new Stemmer() : null;

    // TeX commands that plain text can write; a formula with any other reads "…".
    const SYMBOLS = {
      alpha: "α", beta: "β", gamma: "γ", delta: "δ", Delta: "Δ", epsilon: "ε", varepsilon: "ε",
      theta: "θ", kappa: "κ", lambda: "λ", mu: "μ", pi: "π", rho: "ρ", sigma: "σ", Sigma: "Σ",
      tau: "τ", phi: "φ", chi: "χ", omega: "ω", ell: "ℓ", le: " ≤ ", leq: " ≤ ", ge: " ≥ ",
      geq: " ≥ ", ne: " ≠ ", neq: " ≠ ", approx: " ≈ ", sim: " ∼ ", times: " × ", cdot: " · ",
      pm: " ± ", infty: "∞", sum: "∑", prod: "∏", in: " ∈ ", to: " → ", rightarrow: " → ",
      mid: " | ", lvert: "|", rvert: "|",
      vert: "|", lfloor: "⌊", rfloor: "⌋", lceil: "⌈", rceil: "⌉", dots: "…", ldots: "…",
      cdots: "…", log: "log", ln: "ln", min: "min", max: "max", exp: "exp", "{": "{", "}": "}",
      "%": "%", "#": "#", "&": "&", "_": "_", ",": " ", ";": " ", ":": " ", quad: " ", qquad: " ",
      " ": " ", "!": "", left: "", right: "", big: "", Big: "", bigl: "", bigr: "", Bigl: "",
      Bigr: "", mathrm: "", mathit: "", mathbf: "", mathbb: "", text: "", operatorname: "",
      displaystyle: "", textstyle: "",
    };
    const group = (text) => (/^[\p{L}\p{N}.@]+$/u.test(text) ? text : `(${text})`);
    function texToText(tex) {
      let text = tex.trim().replace(/^\\[(\[]|\\[)\]]$/g, "").trim()
        .replace(/\\(?:mathrm|mathit|mathbf|mathbb|text|operatorname)\s*\{([^{}]*)\}/g, "$1");
      for (let depth = 0; depth < 4; depth++) {  // innermost fractions first
        text = text.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g,
          (all, top, bottom) => `${group(top.trim())}/${group(bottom.trim())}`);
      }
      text = text.replace(/\\([A-Za-z]+) ?|\\(.)/g,
        (all, name, sign) => ((name || sign) in SYMBOLS ? SYMBOLS[name || sign] : all));
      if (text.includes("\\")) return "…";
      text = text.replace(/([\^_])\{([^{}]*)\}/g, "$1$2").replace(/[{}]/g, "")
        .replace(/\s-\s/g, " − ").replace(/\s+/g, " ").trim();
      return text || "…";
    }
    window.rmlTexToText = texToText;  // the browser tests read snippets with it

    const words = (text) => (typeof splitQuery !== "undefined" ? splitQuery(text)
      : text.split(/[^\p{Letter}\p{Number}_]+/u)).filter((w) => w);

    // The words of a text as Sphinx's search index keeps them: lower case, stemmed.
    const stems = (text) => words(text.toLowerCase())
      .map((w) => (stemmer ? stemmer.stemWord(w) : w));

    const sentences = (text) => text.split(/(?<=[.!?])\s+(?=[A-Z0-9“"(\[])/);

    // The prose of a page (or of the section ``anchor``), as [block, sentence] texts.
    function prose(htmlString, anchor) {
      const page = new DOMParser().parseFromString(htmlString, "text/html");
      const main = page.querySelector('[role="main"]') || page.body;
      const root = (anchor && main.querySelector(anchor)) || main;
      // A glossary term (a <dt>) is quoted from its definition (the <dd> after it).
      let parts = [root];
      if (root.matches("dt")) {
        let next = root.nextElementSibling;
        while (next && next.matches("dt")) next = next.nextElementSibling;  // the term's other names
        if (next && next.matches("dd")) parts = [next];
      }
      for (const part of parts) {
        part.querySelectorAll(NOT_PROSE).forEach((element) => element.remove());
        part.querySelectorAll(".math").forEach((formula) => formula.replaceWith(texToText(formula.textContent)));
      }
      const blocks = parts.flatMap((part) => [part, ...part.querySelectorAll(BLOCKS)])
        .filter((block) => block.matches(BLOCKS) && !block.querySelector(BLOCKS));  // innermost only
      return blocks.map((block) => block.textContent.replace(/\s+/g, " ").trim())
        .filter((text) => text);
    }

    // A window of at most LONGEST characters of ``sentence`` around its first match.
    function shorten(sentence, at) {
      if (sentence.length <= LONGEST) return sentence;
      let start = Math.max(0, Math.min(at - LONGEST / 3, sentence.length - LONGEST));
      if (start > 0) start = sentence.indexOf(" ", start) + 1;
      let end = Math.min(sentence.length, start + LONGEST);
      if (end < sentence.length) end = sentence.lastIndexOf(" ", end);
      return (start > 0 ? "…" : "") + sentence.slice(start, end).trim()
        + (end < sentence.length ? "…" : "");
    }

    Search.makeSearchSummary = (htmlText, keywords, anchor) => {
      const wanted = [...keywords].map((k) => k.toLowerCase());
      const blocks = prose(htmlText, anchor);
      let best = null;
      for (const block of blocks) {
        for (const sentence of sentences(block)) {
          const found = new Set(stems(sentence));
          const score = wanted.filter((k) => found.has(k)).length;
          if (score > 0 && (!best || score > best.score)) best = {sentence, score};
        }
        if (best && best.score === wanted.length) break;  // the first sentence with every word
      }
      // Words found only in a title or in code: the page's (or section's) first sentence.
      if (!best && blocks.length) best = {sentence: sentences(blocks[0])[0]};
      const summary = document.createElement("p");
      summary.classList.add("context");
      if (best) {
        const lower = best.sentence.toLowerCase();
        const found = wanted.map((k) => lower.indexOf(k)).filter((i) => i >= 0);
        summary.textContent = shorten(best.sentence, found.length ? Math.min(...found) : 0);
      }
      return summary;
    };
  })();
}
