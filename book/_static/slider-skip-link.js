// A chapter's sliders sit after its prose, code and copy buttons: a second
// skip link, beside the theme's "Skip to main content", takes keyboard readers
// straight to the first one (the second Tab stop of the page).
document.addEventListener("DOMContentLoaded", () => {
  const slider = document.querySelector(".bd-article .rml-slider input[type=range]");
  const skip = document.getElementById("pst-skip-link");
  if (!slider || !skip || !slider.id) return;
  const link = document.createElement("a");
  link.href = "#" + slider.id;
  link.textContent = "Skip to the first slider";
  link.addEventListener("click", (event) => {
    event.preventDefault();
    slider.scrollIntoView({block: "center"});
    slider.focus();
  });
  skip.appendChild(link);
});
