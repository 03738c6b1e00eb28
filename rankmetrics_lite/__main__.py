"""``python -m rankmetrics_lite``: trec_eval's command line (see ``_trec_eval_cli``)."""

from ._trec_eval_cli import main

if __name__ == "__main__":
    raise SystemExit(main())
