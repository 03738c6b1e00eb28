"""The two faces of a slider: the pure frame function, the live widget, the static HTML."""

from __future__ import annotations

import json
import re

import pytest
import traitlets
from matplotlib.figure import Figure

from rankmetrics_course.chapters.precision_at_k.view import (
    precision_at_k_frame,
    precision_at_k_slider,
    precision_upper_bound,
)
from rankmetrics_course.slider import STYLE, Frame, Slider, static_frames
from rankmetrics_lite import precision_at_k
from tests.course.stored_faces import stored_frames_of

CHAPTER = "02-precision-at-k"  # whose stored slider the static-face tests read
RELEVANCE = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1]


def test_frame_numbers_come_from_the_package():
    for k in range(1, len(RELEVANCE) + 1):
        frame = precision_at_k_frame(RELEVANCE, k, n_relevant=8)
        assert frame.numbers["P@k"] == f"{precision_at_k(RELEVANCE, k):.4f}"
        assert frame.numbers["relevant in top k"] == str(sum(RELEVANCE[:k]))
        assert frame.numbers["upper bound"] == f"{min(1, 8 / k):.4f}"
        # Its figure is drawn for every k in chapter 2's stored face (static-face test).
        assert frame.alt and frame.draw is not None


def test_upper_bound():
    assert precision_upper_bound(3, 8) == 1.0
    assert precision_upper_bound(10, 4) == 0.4
    with pytest.raises(ValueError, match="k must be a positive integer"):
        precision_upper_bound(0, 4)


def test_live_widget_follows_the_slider():
    box = precision_at_k_slider(RELEVANCE, n_relevant=8, k=4).widget()
    slider, shown = box.children
    assert 'data-name="P@k">0.7500<' in shown.value
    slider.value = 5
    assert 'data-name="P@k">0.6000<' in shown.value
    slider.value = 10
    assert 'data-name="k">10<' in shown.value and 'data-name="P@k">0.6000<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in chapter 2's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, precision_at_k_slider(RELEVANCE, n_relevant=8, k=4))
    assert frames["values"] == [str(k) for k in range(1, 11)]
    for k, frame in zip(range(1, 11), frames["html"]):
        assert f'data-name="P@k">{precision_at_k(RELEVANCE, k):.4f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    assert 'value="3"' in html  # k = 4 is position 3 of the range input


@pytest.fixture(scope="module")
def five_positions() -> str:
    """A static face drawn now, of five positions (chapter 2 has ten), shown at k = 4."""
    return precision_at_k_slider(RELEVANCE[:5], k=4).static_html()


def test_static_face_is_deterministic(five_positions):
    """Two sliders built alike in one process give the same bytes (five positions: the
    same drawing code as the chapter's ten, which nbval checks in a fresh kernel)."""
    assert five_positions == precision_at_k_slider(RELEVANCE[:5], k=4).static_html()


def test_mime_bundle_carries_both_faces():
    bundle = precision_at_k_slider(RELEVANCE[:3], k=2)._repr_mimebundle_()
    assert set(bundle) == {"text/plain", "text/html", "application/vnd.jupyter.widget-view+json"}
    assert bundle["text/plain"].startswith("Slider over k = 1..3; at k = 2:")


def test_slider_rejects_bad_positions():
    def frame(value):
        return Frame({"v": str(value)})
    with pytest.raises(ValueError, match="values must hold at least one"):
        Slider(frame, [], label="k")
    with pytest.raises(ValueError, match="value must be one of the slider's values"):
        Slider(frame, [1, 2], label="k", value=3)


def test_a_script_end_tag_in_a_frame_cannot_break_the_page():
    html = Slider(lambda v: Frame({"v": "</script><b>"}), [1, 2], label="k").static_html()
    assert html.count("</script>") == 2  # the JSON payload's and the code's, nothing else


def test_static_face_names_the_value_and_has_one_live_region(five_positions):
    html = five_positions
    assert 'aria-valuetext="4"' in html  # the value, not the position (3)
    assert html.count('aria-live="polite"') == 1 and "<output" not in html
    assert static_frames(html)["text"][4] == precision_at_k_slider(RELEVANCE[:5], k=5).__repr__(
    ).split(": ", 1)[1]


def test_the_shown_frame_is_stored_once(five_positions):
    html = five_positions
    assert html.count('data-name="P@k">0.7500<') == 1
    payload = re.search(r'class="rml-frames">(.*?)</script>', html, re.S).group(1)
    assert json.loads(payload)["html"][3] is None  # in the page, not again in the JSON
    assert static_frames(html)["html"][3].count('data-name="P@k">0.7500<') == 1


def test_each_frame_is_computed_once_whatever_the_faces_shown():
    calls = []

    def frame(value):
        calls.append(value)
        return Frame({"v": str(value)})
    slider = Slider(frame, [1, 2, 3], label="k", value=2)
    slider._repr_mimebundle_()
    repr(slider)
    assert sorted(calls) == [1, 2, 3]


def test_a_figure_is_drawn_only_for_a_face_that_shows_it():
    drawn = []

    def frame(value):
        def draw():
            drawn.append(value)
            figure = Figure(figsize=(2, 1))
            figure.subplots().plot([0, value])
            return figure
        return Frame({"v": str(value)}, draw, alt=f"a line up to {value}")
    slider = Slider(frame, [1, 2, 3], label="k", value=2)
    assert repr(slider).endswith("v = 2") and drawn == []  # the text face draws nothing
    control, _ = slider.widget().children
    assert drawn == [2]  # the live face draws the frame it shows
    frames = static_frames(slider.static_html())
    assert sorted(drawn) == [1, 2, 3]  # the static face draws the others, once each
    assert [piece.count('<img class="rml-figure"') for piece in frames["html"]] == [1, 1, 1]
    control.value = 3
    assert sorted(drawn) == [1, 2, 3]  # and the live face reuses what it drew


def test_a_frame_takes_the_function_that_draws_its_figure():
    with pytest.raises(TypeError, match="draw must be a function that returns the figure"):
        Frame({"v": "1"}, Figure())
    assert Frame({"v": "1"}).figure is None
    assert isinstance(precision_at_k_frame(RELEVANCE, 3).figure, Figure)


def test_a_live_session_builds_only_the_widget(monkeypatch):
    calls = []

    def frame(value):
        calls.append(value)
        return Frame({"v": str(value)})
    monkeypatch.setenv("RANKMETRICS_LIVE_ONLY", "1")
    bundle = Slider(frame, [1, 2, 3], label="k", value=2)._repr_mimebundle_()
    assert "text/html" not in bundle and calls == [2]


def test_the_live_widget_styles_its_numbers_as_the_static_face():
    box = precision_at_k_slider(RELEVANCE, k=4).widget()
    assert box.children[1].value.startswith(f"<style>{STYLE}</style>")


def test_the_live_control_speaks_values_and_follows_the_browser():
    control, shown = precision_at_k_slider(RELEVANCE, k=4).widget().children
    # The browser names the position by these labels (aria-valuetext).
    assert control.labels == [str(k) for k in range(1, 11)] and control.index == 3
    control.index = 6  # what the browser sends when the reader moves the slider
    assert control.value == 7 and 'data-name="k">7<' in shown.value
    control.value = 2  # and the kernel's side moves the browser's
    assert control.index == 1
    with pytest.raises(traitlets.TraitError, match="value must be one of the slider's values"):
        control.value = 11


def _threshold_slider(**options) -> Slider:
    return Slider(lambda t: Frame({"threshold": f"{t:.2f}"}), [0.95, 0.8, 0.1],
                  label="threshold", value=0.8, **options)


def test_a_value_format_shows_the_value_as_the_numbers_do_in_both_faces():
    slider = _threshold_slider(value_format=".2f")
    html = slider.static_html()
    assert static_frames(html)["values"] == ["0.95", "0.80", "0.10"]
    assert 'aria-valuetext="0.80"' in html and '">0.80</span></div><div class="rml-frame">' in html
    control, _ = slider.widget().children
    assert control.labels == ["0.95", "0.80", "0.10"]  # the live face's text and aria-valuetext
    control.index = 2
    assert control.value == 0.1  # the kernel still sees the value itself
    assert repr(slider).startswith("Slider over threshold = 0.95..0.10; at threshold = 0.80: "
                                   "threshold = 0.80")
    for value, shown in zip(slider.values, static_frames(html)["values"]):
        assert slider.frame_for(value).numbers["threshold"] == shown


def test_a_value_format_can_be_a_function():
    slider = _threshold_slider(value_format=lambda t: f"t = {t:g}")
    assert slider.shown_value(0.8) == "t = 0.8"
    assert 'aria-valuetext="t = 0.8"' in slider.static_html()


def test_without_a_value_format_the_value_is_shown_as_str():
    slider = _threshold_slider()
    assert [slider.shown_value(v) for v in slider.values] == ["0.95", "0.8", "0.1"]
    assert static_frames(slider.static_html())["values"] == ["0.95", "0.8", "0.1"]
    assert slider.widget().children[0].labels == ["0.95", "0.8", "0.1"]
    with pytest.raises(TypeError, match="value_format must be a format specification"):
        _threshold_slider(value_format=2)
