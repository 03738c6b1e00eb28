"""Answers to the exercises of the chapter "Diversity and novelty".

The right numbers are written out from the chapter's data (the judged pages of
"jaguar" and the five-document pool), so that a change in the data or in the
package that moves them makes this test fail.
"""

ANSWERS = {
    # EASY_RANKING at alpha = 0.25 (0.7615 at the default 0.5; plain nDCG@5 of the ranking)
    "diversity-alpha-ndcg": {"right": 0.8296, "wrong": [0.7615, 1.0, 3.2, 0.5, "0.83x", True]},
    # the best ordering of four of the pool at alpha = 0.5 beats the greedy ideal's 1
    "diversity-true-ideal": {"right": 1.0236, "wrong": [1.0, 0.9, 1.2, "best"]},
    # MANY_CATS and FEWER_NEEDS tie at alpha = 0.2023
    "diversity-crossing-alpha": {"right": 0.2023, "wrong": [0.1, 0.5, 0.0, 1.0, "x"]},
}
