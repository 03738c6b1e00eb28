// On paper a slider cannot move: before printing (the browser's print, or make pdf), each
// slider goes back to its starting position (the reader may have moved it) and gets a line
// saying which position is shown and where the slider moves. print.css hides the range
// control and shows the line only in print.
(function () {
  function prepare() {
    for (const slider of document.querySelectorAll(".rml-slider")) {
      const input = slider.querySelector('input[type="range"]');
      if (!input) continue;
      if (input.value !== input.defaultValue) {
        input.value = input.defaultValue;
        input.dispatchEvent(new Event("input"));
      }
      const label = slider.querySelector("label");
      const shown = `${label ? label.textContent.trim() : "the slider"} at ${input.getAttribute("aria-valuetext")}`;
      let note = slider.querySelector(":scope > .rml-print-note");
      if (!note) {
        note = document.createElement("p");
        note.className = "rml-print-note";
        slider.prepend(note);
      }
      note.textContent = `Shown at its starting position (${shown}). This slider moves in the `
        + "online book and in the course's notebooks (the download menu's course .zip).";
    }
  }
  window.rmlPrepareForPrint = prepare;  // make pdf calls it before printing
  window.addEventListener("beforeprint", prepare);
})();
