"""Answers to the exercises of the chapter "Diversity and novelty".

The right numbers are written out from the chapter's data (the judged pages of
"jaguar", the five-document pool, and the TREC 2012 Web track's judgements and
baselines), so that a change in the data or in the package that moves them makes
this test fail.
"""

ANSWERS = {
    # EASY_RANKING at alpha = 0.25 (0.7615 at the default 0.5; plain nDCG@5 of the ranking)
    "diversity-alpha-ndcg": {"right": 0.8296, "wrong": [0.7615, 1.0, 3.2, 0.5, "0.83x", True]},
    # the best ordering of four of the pool at alpha = 0.5 beats the greedy ideal's 1
    "diversity-true-ideal": {"right": 1.0236, "wrong": [1.0, 0.9, 1.2, "best"]},
    # MANY_CATS and FEWER_NEEDS tie at alpha = 0.2023
    "diversity-crossing-alpha": {"right": 0.2023, "wrong": [0.1, 0.5, 0.0, 1.0, "x"]},
    # at alpha = 1, "big" then "p" (7 subtopics) beats the pair "p", "q" that covers 8
    "diversity-not-max-coverage": {
        "right": {"big": {1, 2, 3, 4, 5, 6}, "p": {1, 2, 3, 7}, "q": {4, 5, 6, 8}},
        "wrong": [{"big": {1, 2, 3, 4, 5}, "p": {1, 2, 3, 7}, "q": {4, 5, 6, 8}},  # the pair wins
                  {"a": {1}, "b": {2}},  # too few pages
                  {str(i): {i} for i in range(7)},  # too many pages
                  {"a": "xy", "b": {1}, "c": {2}},  # a string, not a set
                  [1, 2], 3]},
    # 44 of the 187 subtopics with a relevant page are in no baseline's top 20 (rm-cata alone
    # misses 53; 52 counts the 8 subtopics without a relevant page; 11 counts whole runs)
    "diversity-unreached-subtopics": {"right": 44, "wrong": [53, 52, 143, 11, 0, "44x", True]},
}
