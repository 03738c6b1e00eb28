"""The live face's control: the static face's range input, run by a kernel.

ipywidgets' own sliders name their position to screen readers, not their value
(a SelectionSlider at k = 4 says "3"), and cannot be told otherwise. This
control is the same ``<input type=range>`` as the static face, with its label,
its shown value and its ``aria-valuetext``, drawn by a few lines of JavaScript
that anywidget loads with the widget (no network, no build step). The kernel
sees ``value``, as with any ipywidgets slider.
"""

from __future__ import annotations

from collections.abc import Sequence

import anywidget
import traitlets

# The control's markup and its updates, as the static face's (slider.py).
_ESM = """
let count = 0;
function render({ model, el }) {
  const id = 'rml-live-' + (++count) + '-' + Math.random().toString(36).slice(2, 8);
  el.innerHTML = `<div class="rml-control"><label for="${id}"></label>`
    + `<input id="${id}" type="range" min="0" step="1"/>`
    + `<span class="rml-value" aria-hidden="true"></span></div>`;
  const [label, input, shown] = ['label', 'input', '.rml-value'].map(s => el.querySelector(s));
  const draw = () => {
    const values = model.get('labels'), i = model.get('index');
    label.textContent = model.get('description');
    input.max = String(values.length - 1);
    input.value = String(i);
    input.setAttribute('aria-valuetext', values[i]);
    shown.textContent = values[i];
    shown.style.minWidth = Math.max(...values.map(v => v.length)) + 'ch';
  };
  // The keys a reader presses on the slider are the slider's: the notebook
  // around it (arrow keys move between cells there) must not take them.
  input.addEventListener('keydown', event => event.stopPropagation());
  input.addEventListener('input', () => {
    const i = Number(input.value);
    input.setAttribute('aria-valuetext', model.get('labels')[i]);
    shown.textContent = model.get('labels')[i];
    model.set('index', i);
    model.save_changes();
  });
  model.on('change:index', draw);
  model.on('change:labels', draw);
  draw();
}
export default { render };
"""


class LiveRange(anywidget.AnyWidget):
    """A range input over ``options``, named by the value it shows.

    Parameters
    ----------
    options : sequence
        The slider's values, in order; each is shown as ``str(value)``.
    value : object
        The value shown first; one of ``options``.
    description : str
        The name of the moving quantity, the input's label.
    css : str
        The style sheet the control shares with the static face.
    """

    _esm = _ESM
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Any()

    def __init__(self, options: Sequence, value, description: str, css: str = ""):
        self._css = css
        self.options = list(options)
        super().__init__(labels=[str(v) for v in self.options],
                         index=self.options.index(value), description=description)
        self.value = value

    @traitlets.observe("index")
    def _index_moved(self, change) -> None:
        self.value = self.options[change["new"]]

    @traitlets.validate("value")
    def _one_of_the_options(self, proposal):
        if proposal["value"] not in self.options:
            raise traitlets.TraitError(
                f"value must be one of the slider's values, got {proposal['value']!r}")
        return proposal["value"]

    @traitlets.observe("value")
    def _value_set(self, change) -> None:
        self.index = self.options.index(change["new"])
