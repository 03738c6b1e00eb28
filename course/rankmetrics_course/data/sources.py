"""Where the course's real data comes from: every source, its terms, its citation and its files.

Each :class:`Source` is one upstream collection, pinned to one commit (or one release), with the
SHA-256 of every file the course reads. The files are never part of the course: the data layer
(:mod:`rankmetrics_course.data.store`) reads them from a folder the reader names, or downloads
them from the upstream address below into the reader's cache, and checks every byte against
these pins before use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote


@dataclass(frozen=True)
class Source:
    """One upstream collection of files.

    ``folder`` is where its files sit in a data folder (and in a mirror's address space);
    ``files`` maps each file's path inside ``folder`` to its SHA-256; ``upstream`` is the
    address that a path inside ``folder`` is appended to for a download, and ``renamed`` maps
    the paths whose upstream name differs.
    """

    key: str
    title: str
    folder: str
    homepage: str
    upstream: str
    citation: str
    bibkey: str
    terms: str
    files: dict[str, str] = field(repr=False)
    renamed: dict[str, str] = field(default_factory=dict, repr=False)

    def upstream_url(self, path: str) -> str:
        """The address this source's file ``path`` is downloaded from."""
        return self.upstream + quote(self.renamed.get(path, path))


def _github(repo: str, commit: str, prefix: str = "") -> str:
    return f"https://raw.githubusercontent.com/{repo}/{commit}/{prefix}"


SOURCES: dict[str, Source] = {}


def _add(source: Source) -> None:
    SOURCES[source.key] = source


_add(Source(
    key="urbano-sigir2019",
    title="Per-topic scores of the runs submitted to TREC-5 to 8 ad hoc and Web 2010-13",
    folder="trec-per-topic/urbano-sigir2019-statistical",
    homepage="https://github.com/julian-urbano/sigir2019-statistical",
    upstream=_github("julian-urbano/sigir2019-statistical", "dc9f891cfed783daf0d655316a7d69906010bfed"),
    citation=("Urbano, J., Lima, H. and Hanjalic, A. (2019). Statistical significance testing in "
              "information retrieval: an empirical analysis of type I, type II and type III errors. "
              "SIGIR 2019, 505-514."),
    bibkey="urbano2019statistical",
    terms=("CC BY-SA 4.0 (the repository's LICENSE-DATA); the TREC results are posted with the "
           "permission of TREC's organisers; run names are anonymised."),
    files={
        "CITE.bib": "8da3180d0de5b3874d7c3b120463b7731064814e94ae01a44f45207216dcb71c",
        "LICENSE-DATA": "a0bd498de6b7991f563789715e3cf9f9a77860b6bb5b2c2b072fb3bb36361008",
        "README.md": "2608d5ac2d83fbf9389afc51ed4500f94e4d830957c0321f68c2b448f23159a2",
        "data/adhoc5_ap.csv": "4eb3eeca31e4de2fe091c97d0a0b37a89fb2650199882562f49b5acf52cecf63",
        "data/adhoc5_p10.csv": "7387d6f6a0ce3b7f2cf63151e8c25e8a032b9e299d7dd179f4610d142eb5c7f8",
        "data/adhoc5_rr.csv": "9cff14185e0a22b808e25000a35219215db47737e40a3ec080b2cb69a8e7f297",
        "data/adhoc6_ap.csv": "f36f78a6d247f938d951af12ec43ddcffb7dedb0f805d167accd69d3c1b55659",
        "data/adhoc6_p10.csv": "d8674049574b08f4b3bbdf9763590bbd6f6907f67236671500150a37126da7cd",
        "data/adhoc6_rr.csv": "71730f2fd256cf87b9fcd398712b09331f5e25f6bc4b4c887038607f85b79c78",
        "data/adhoc7_ap.csv": "0cf98aa943f9b5e695a04df51233f4d2d9f51b0d57a7c6e090b55c73df3e9610",
        "data/adhoc7_p10.csv": "99342d024979f37afc64e47cff1a40ffca55e81f6b5a11b6eab0edcddebb789f",
        "data/adhoc7_rr.csv": "69d873dcff2276fc9b7a53dd1b76c1380437224593f4b5aa23ef42ee7de0e047",
        "data/adhoc8_ap.csv": "1462159b10ec9631b8cdce8a6a38f1563def528921b5fa5799b78490fea51d7e",
        "data/adhoc8_p10.csv": "ada066e56f5c06cf3cab3915d7854b1df67a38d0229d183120fe9d15dd3e14e6",
        "data/adhoc8_rr.csv": "8e28b9de69d77360642a400a5377141a009ec35198a3dabbab8c3cd1335c9860",
        "data/web2010_err20.csv": "4a94eb3251ab249f966d145adc0540d79ad62bb6fab851f8143b30c45b846d08",
        "data/web2010_ndcg20.csv": "8eb45b9f5f7c88a4bb02f1bb4b7a795f3daa645e998252dc75ef5ad6c85930cf",
        "data/web2011_err20.csv": "4ecdfbf3851d4e6e5f1e55594ffc8b90651d72f1cb028ea63a3fa7b724283c69",
        "data/web2011_ndcg20.csv": "7f83b0e2acc4164395d37a65b9cf6566d043656f45cb8a741cc4b78f4851b9a7",
        "data/web2012_err20.csv": "132cd6c5fcde54f11a867c741a12d3ee981733dc4d597c47a8d496bed85a37a8",
        "data/web2012_ndcg20.csv": "9ec353fe7dcbf7e93eaeeb725184e72944f25c20d1aae751901aa8a26b5372f8",
        "data/web2013_err20.csv": "c33eb1375026d3cff745e53bcdd328cfb984bd16dbab3798c39fe77e08e6853c",
        "data/web2013_ndcg20.csv": "8842f73cfbf9b6749f26bdbf4999f6ebae31b1ecbbac92ec62406f88aae9d1bc",
    },
))

_add(Source(
    key="urbano-sigir2018",
    title="Per-topic scores of the runs submitted to TREC Robust 2004 and Web 2010-14",
    folder="trec-per-topic/urbano-sigir2018-simulation",
    homepage="https://github.com/julian-urbano/sigir2018-simulation",
    upstream=_github("julian-urbano/sigir2018-simulation", "7515622336f0c1f0bf0718fc3e3e228c24e6152b"),
    citation=("Urbano, J. and Nagler, T. (2018). Stochastic simulation of test collections: "
              "evaluation scores. SIGIR 2018, 695-704."),
    bibkey="urbano2018simulation",
    terms=("CC BY-SA 4.0 (the repository's LICENSE-DATA); the TREC results are posted with the "
           "permission of TREC's organisers; run names are anonymised."),
    files={
        "CITE.bib": "e179eed6c97ff803dc5085ce057b378ec682f8b71fc62f6c61e812c9d5f1b3f5",
        "LICENSE-DATA": "a0bd498de6b7991f563789715e3cf9f9a77860b6bb5b2c2b072fb3bb36361008",
        "README.md": "fa52e2588a1a88a6f5a2dda4204b544e672d26f294116a788aaecde0bf00afe8",
        "data/robust2004(noD)_ap.csv": "c8f09f765101a17144a56f30ca32e2613502fc7b2b5bfd66b30bf25d45b60c1d",
        "data/robust2004_ap.csv": "303105d5eede2769c1755d1d058b3833fc68257c50eaf052268b9459ed69ee2f",
        "data/robust2004_p10.csv": "c6a45467462a7508cc57991c3c40e258ea98ab3f5ccac0b32fb4b9aae99a61e7",
        "data/web2010_ap.csv": "2011ac0961fa9f1433eb2af842f7555f4320b165250ee7acea8e2dd5c261aa15",
        "data/web2010_err20.csv": "c5fe4c7ceb34998202b72bc083e1bf7a802bc3bcde082c1276b20ae6b04b21a4",
        "data/web2010_ndcg20.csv": "4a1c0d7fcbdd835689b9084a0ee91766ddbdde7548b4c5252430552069f7c009",
        "data/web2010_p10.csv": "519c433879d1cdaa5f422dba73bd6f92b25ab69f693a932d4a5ff1924f5a9d0e",
        "data/web2010_p20.csv": "4072aa25c328d7aee461fb311a777ab33d6b5310af04b2a5d57071789e603e7b",
        "data/web2010_rr.csv": "c9f96dcd4a0fc3817bdfcc353d22c199d984cd4deead14aa89a2364ef49302fd",
        "data/web2011_ap.csv": "7881155fbafa1b668a6afb5c234dcc72eaff917e60af682b3adfaa64c22261f4",
        "data/web2011_err20.csv": "38e6c9a005c9967033150efe911b200f64d4a23c2d6151fbe1eab32e8834a1e8",
        "data/web2011_ndcg20.csv": "9feb60f403c979d47fe81b9b09b324ec2d8bb48b3d504d0230e6d574ec5a01b1",
        "data/web2011_p10.csv": "84900a89273622814611b8a45b81bd9df1f1cbf4c25afeee7fa76be31a8b25b5",
        "data/web2011_p20.csv": "fb47cc24d3c1ff67a05cfd513037a4545d62bcb401bde79ae67ed384c697fd9f",
        "data/web2011_rr.csv": "14dc971be45c37c6137ff6cadfc79b616648894bdd4f2d12ab511dfbc64a5751",
        "data/web2012_ap.csv": "908ac067f9ffcd34965b1304dc66318fc50690205eeb37a2333d550cd7fafbae",
        "data/web2012_err20.csv": "521547c2d119e2c857253cf5e00bef06cea8d5e11969e8283352bac2d056d664",
        "data/web2012_ndcg20.csv": "deac36cb8baadb6e2555989ee710f5bc29e2b694bf89d2019c9500308349d4a0",
        "data/web2012_p10.csv": "858a7498bf41e73aa6c365b2290265f56909942276e126a082aa7820a1ceb996",
        "data/web2012_p20.csv": "637761bc0580d810745662ea7272229ec7c400d02fb44d8aa576f0d8faeb18f9",
        "data/web2012_rr.csv": "aa97bfa2882f1fd3046ab79330ce89774723cb4e38960d60b2e7721e7048e72c",
        "data/web2013_ap.csv": "3649d8cee3176451f24bf67bf6c7789ffc04d2aa46202021aedc25251c51ce17",
        "data/web2013_err20.csv": "aa34d13addccf7d176fde4e41d6d3c08973157ef57d12df029c81237d2ed61ad",
        "data/web2013_ndcg20.csv": "77f6655fdf5a31ce49881690921b23c333f313257719dcdf514830da58489175",
        "data/web2013_p10.csv": "36c068b5584f89657e0d163393abfdff5e279abcfda26c7536fb4c35eea77c08",
        "data/web2013_p20.csv": "495d7ecb4bffd545021b8b777204dfce2a9fc821868698c0b6b1d1af59d77ce9",
        "data/web2013_rr.csv": "0a9929f00c358201e8883d9d62b2e19915ea2dbde42a32d8cc3c107eeaf55f87",
        "data/web2014_ap.csv": "7fe23a334c6733f5c376f9966ecf49a82654dbebb3704b5c1c6c2e1169c8bbbc",
        "data/web2014_err20.csv": "025bee8729e6c0e08bbe171bdd035ae00ff45fc6f5590f77906dcaedc18ab591",
        "data/web2014_ndcg20.csv": "4d3023d9f18667e75e726d11bdd798deb99603680fabcee2ae478a0b9d36954d",
        "data/web2014_p10.csv": "057187738d6240ace5823686beeea413a930cdd00122efbe834de5cfe097bf7f",
        "data/web2014_p20.csv": "82b0435a5c3394341cd5e9001b0b218dfb4f3d5cd5fc8560a476fc66ce742f06",
        "data/web2014_rr.csv": "4ab906316d251dc32d3db6a1daddc567d0c8ec7c7a3a7db16dab235cf616c7db",
    },
))

_add(Source(
    key="llmjudge",
    title="LLMJudge: NIST's labels of TREC Deep Learning 2023 passages (the challenge's test set)",
    folder="llm-judges/llmjudge",
    homepage="https://github.com/llm4eval/LLMJudge",
    upstream=_github("llm4eval/LLMJudge", "81159c68260d383f8da1dad8a14f6d914a9054a9"),
    citation=("Rahmani, H. A., Yilmaz, E., Craswell, N., Mitra, B., Thomas, P., Clarke, C. L. A., "
              "Aliannejadi, M., Siro, C. and Faggioli, G. (2024). LLMJudge: LLMs for relevance "
              "judgments. arXiv:2408.08896."),
    bibkey="rahmani2024llmjudge",
    terms=("No licence file; the labels are NIST's TREC Deep Learning 2023 relevance judgements, "
           "public for research; cite the LLMJudge challenge."),
    files={
        "README.md": "760fd49f951cc1cd4be35a7190bebfe6c7cb455aa7489133ac8d1d519440c0fd",
        "data/ids-mapping-files/docid_to_docidx.txt": "067e1d52a402a3d1ba82ccf8a05d3c11e9159d082375299d846a344930a6cb1f",
        "data/ids-mapping-files/qid_to_qidx.txt": "e9d460eda0d8a12fd5dc40f85d406d6014ebb37f9aba458841675922599bc16b",
        "data/llm4eval_dev_qrel_2024.txt": "5031585e51dc4ec6ecd93badfe47e955c5de475b17fb6925b887834649d22fbd",
        "data/llm4eval_query_2024.txt": "bb36ba8599142ff86e8fbeaebc90d78cbbe2857e08592005dcf190c863ed3628",
        "data/llm4eval_test_qrel_2024.txt": "9acb5907f6ce58e622e5d6da1321e29312398e4d5198725d72489c70863c9a15",
        "data/llmjudge_test_qrel_idx.txt": "3a2169a62cecf8725acf402be3222f53399fd5b3467f9f734aa3b2bbd583426c",
    },
))

_add(Source(
    key="llmjudge-benchmark",
    title="LLMJudge-benchmark: 33 LLM judges' labels on the LLMJudge test pairs, with their prompts",
    folder="llm-judges/llmjudge-benchmark",
    homepage="https://github.com/llm4eval/LLMJudge-benchmark",
    upstream=_github("llm4eval/LLMJudge-benchmark", "968a1f9c962fddfc6508faa2d45e3e7edd1c3829"),
    citation=("Rahmani, H. A., Siro, C., Aliannejadi, M., Craswell, N., Clarke, C. L. A., "
              "Faggioli, G., Mitra, B., Thomas, P. and Yilmaz, E. (2025). Judging the judges: a "
              "collection of LLM-generated relevance judgements. arXiv:2502.13908."),
    bibkey="rahmani2025judging",
    terms="MIT licence (the repository's LICENSE).",
    files={
        "LICENSE": "c548aad7374d7c15246ca651aabaf8afb144cc79775ae1be4e1d63e0a93a7527",
        "README.md": "29cc93764229a5045365d9abe6e35f025617f1ebfc50c2b2d7bcd47c1d4c4594",
        "submissions/prompts/NISTRetrieval-instruct0.txt": "6703fbf81bd2490ae78e55c0f1f9de34ec38b773b5b293a2a5c43b9dc464461b",
        "submissions/prompts/NISTRetrieval-instruct1.txt": "6703fbf81bd2490ae78e55c0f1f9de34ec38b773b5b293a2a5c43b9dc464461b",
        "submissions/prompts/NISTRetrieval-instruct2.txt": "6703fbf81bd2490ae78e55c0f1f9de34ec38b773b5b293a2a5c43b9dc464461b",
        "submissions/prompts/NISTRetrieval-reason0.txt": "f8af4c3963dc71eccfcb382d61e7d4dafcb8e3480b7d1bdbb6cd204d01a05bc7",
        "submissions/prompts/NISTRetrieval-reason1.txt": "f8af4c3963dc71eccfcb382d61e7d4dafcb8e3480b7d1bdbb6cd204d01a05bc7",
        "submissions/prompts/NISTRetrieval-reason2.txt": "f8af4c3963dc71eccfcb382d61e7d4dafcb8e3480b7d1bdbb6cd204d01a05bc7",
        "submissions/prompts/Olz-exp.txt": "b456fb3a3871c088780e734c6d3b667c77065a7bb0aa2279270131fe5f03cb40",
        "submissions/prompts/Olz-gpt4o.txt": "c8926de65fb4ee5fd6e71bb113ad8f66baf40adfcd664c88782bd9a1c31bd612",
        "submissions/prompts/Olz-halfbin.txt": "d7b3ab32f2dc92ed12bcc880579d85d8919cb2d8ee78ff215599bd605e7c207a",
        "submissions/prompts/Olz-multiprompt.txt": "d7b3ab32f2dc92ed12bcc880579d85d8919cb2d8ee78ff215599bd605e7c207a",
        "submissions/prompts/Olz-somebin.txt": "d7b3ab32f2dc92ed12bcc880579d85d8919cb2d8ee78ff215599bd605e7c207a",
        "submissions/prompts/Prophet-llama38B.txt": "863ad0907647c7f048429e751960a3f83ec6b6606e2b0efeff4cf9750dc417e2",
        "submissions/prompts/RMITIR-GPT4o.txt": "2e45f8cd641a1e851ec2b8fd1323bfa862bae8aa13242486b2e9a59fed7c15a8",
        "submissions/prompts/RMITIR-llama38b.txt": "2e45f8cd641a1e851ec2b8fd1323bfa862bae8aa13242486b2e9a59fed7c15a8",
        "submissions/prompts/RMITIR-llama70B.txt": "2e45f8cd641a1e851ec2b8fd1323bfa862bae8aa13242486b2e9a59fed7c15a8",
        "submissions/prompts/TREMA-4prompt.txt": "05ceac0c7d45774beaa35fcfcb19b1bbd7386071264512598f1458af970a70d3",
        "submissions/prompts/TREMA-CoT.txt": "265292b31c9724028e29a77a2b83d6f4fdc3d57abd8bf103c736463cba005d6d",
        "submissions/prompts/TREMA-all.txt": "102e9b0fb271f0c0339a70658b9877b206ddf8f4f2764f99d75757e40c990903",
        "submissions/prompts/TREMA-direct.txt": "102e9b0fb271f0c0339a70658b9877b206ddf8f4f2764f99d75757e40c990903",
        "submissions/prompts/TREMA-naiveBdecompose.txt": "05ceac0c7d45774beaa35fcfcb19b1bbd7386071264512598f1458af970a70d3",
        "submissions/prompts/TREMA-nuggets.txt": "102e9b0fb271f0c0339a70658b9877b206ddf8f4f2764f99d75757e40c990903",
        "submissions/prompts/TREMA-other.txt": "f9c013a6345f1e53f94b17f972267b696084f806d16a0f19f2bb2d47761513c3",
        "submissions/prompts/TREMA-questions.txt": "102e9b0fb271f0c0339a70658b9877b206ddf8f4f2764f99d75757e40c990903",
        "submissions/prompts/TREMA-rubric0.txt": "fda5f21437c81dd1f3227cb4e9725c4bc62775d18cfbcc1fd5e354bb4a681790",
        "submissions/prompts/TREMA-sumdecompose.txt": "05ceac0c7d45774beaa35fcfcb19b1bbd7386071264512598f1458af970a70d3",
        "submissions/prompts/h2oloo-fewself.txt": "b6cfa3f6fb9889cace599f17e6d85180162de76cc98a07b8849c3422b1a129b4",
        "submissions/prompts/h2oloo-zeroshot1.txt": "21d4221cf2a0ac173ea9e3fe1e0ada0178cdb7104110bfdafbf792c94c50a7a9",
        "submissions/prompts/h2oloo-zeroshot2.txt": "21d4221cf2a0ac173ea9e3fe1e0ada0178cdb7104110bfdafbf792c94c50a7a9",
        "submissions/prompts/william-umbrela1.txt": "c92537a4f97293dfe1fd5f3dccc3f7dea44e3ace65061a74dbf8afc833441546",
        "submissions/prompts/william-umbrela2.txt": "87ac96c8f393eaf8b92771339ed8a53012de5492e877d530ef25f0edfd3d9193",
        "submissions/prompts/william-umbrela3.txt": "beb4ae42d9794e008bb811aa0b6f297f49770d00cd93fa8cb9dcd1be21048043",
        "submissions/scores/NISTRetrieval-instruct0.txt": "e4b1d4dc953bed2aa510a111bb221d4c70864778f665b3b26b879f9dae8d8658",
        "submissions/scores/NISTRetrieval-instruct1.txt": "c91ea0ea23c487586d2f25f1cda6f3712ab50c816d06183f424b37cf528809ea",
        "submissions/scores/NISTRetrieval-instruct2.txt": "3e89a906a47146ec60977e0c27914dd40ba7b06fb8ecba66a1ea2130d06e3eb9",
        "submissions/scores/NISTRetrieval-reason0.txt": "af1589779da78d74c885d40e78ff2341744c715732ce5e75064c8ce29f68ac44",
        "submissions/scores/NISTRetrieval-reason1.txt": "5fe00dd7c60a6e461ba693091d70a2f98763127780459a53227cb5ec873d4bb8",
        "submissions/scores/NISTRetrieval-reason2.txt": "91ea013a107602a070e70f43fd78ab5b3d6a4f7f739db16acaf966c96b97124d",
        "submissions/scores/Olz-exp.txt": "b5d5fa761890960b5290f0a3dfe72dcf877432612c32602a25a3993e6bfb55ff",
        "submissions/scores/Olz-gpt4o.txt": "e65ddf334d30d653a1421824eed4fa931a04afd709fddba49a1efbbc41d0973e",
        "submissions/scores/Olz-halfbin.txt": "596ac538c3ec71c5bcb88c2c954dc3c5842751168a5a9f532d4ec1bf2e3d51e6",
        "submissions/scores/Olz-multiprompt.txt": "05241b47beaffac37c10b30d2c51fed04a27992243e2bda711e06157e338bac9",
        "submissions/scores/Olz-somebin.txt": "751e6d77f8995d14d9383afe88b06076690660c72e42df16ca7ea755c32d0fb5",
        "submissions/scores/RMITIR-GPT4o.txt": "7b2a67e6b6215f84377c5b9b3b622aeae6fff54e03806f7b90caec36379293d6",
        "submissions/scores/RMITIR-llama38b.txt": "0d36c19426faab14cff71d3179f10f5fd520b10a2944d75b54106d432df024b4",
        "submissions/scores/RMITIR-llama70B.txt": "305113980beeb1e2b11e7bd8dc28e0ef9e29096280f4c1f675c846e34d8df5fe",
        "submissions/scores/TREMA-4prompts.txt": "39ddc0571ea5cb190b184fb7174bf0db87e6bb1148fdf8db21e4d869f2c75664",
        "submissions/scores/TREMA-CoT.txt": "fa2be73efd8d936cabaeb40bda714c58063c37ec672c8e7a3ff2ed134ff55dad",
        "submissions/scores/TREMA-all.txt": "519d4eb5f3609551641010d0eafe0daf0cf35431de20a156b98749007db57d00",
        "submissions/scores/TREMA-direct.txt": "7ee6f75094018b43aa2251318eb29ec7d4e38b624e8a48bccf696defcdfab978",
        "submissions/scores/TREMA-naiveBdecompose.txt": "9428446bedb23ed8c502b00dc27575bad067d35e5f863f346dc673339c6b304d",
        "submissions/scores/TREMA-nuggets.txt": "15d3dc47731d521206fd35be49b389bb311698c929bcb2dfa9bc41ba27b1544b",
        "submissions/scores/TREMA-other.txt": "e779bf5ffcb8ae61d4052c870f9b713e77db45cf5300f897b27b3715eab883ab",
        "submissions/scores/TREMA-questions.txt": "1ff7f41d782ba3151332216294fac02cf0d300b623eae1a6bff3d7de11ebb0fc",
        "submissions/scores/TREMA-rubric0.txt": "6b0476502a280e43a099a8e3a783b4383017be23a1e13252128f350567116836",
        "submissions/scores/TREMA-sumdecompose.txt": "d7e8dcb1f07d05404385e382fdabfc5fd46472278cf82d79d6c5d195af5ee320",
        "submissions/scores/h2oloo-fewself.txt": "f27b162c1c0c911404b1fdbfff474e9ebadd8bc44267bd77adfcf0cc7d3f7aee",
        "submissions/scores/h2oloo-zeroshot1.txt": "f817c0dddee9978133d217eebdefaf3bc6005e7366504767eb8323d5c8ad4a0d",
        "submissions/scores/h2oloo-zeroshot2.txt": "13ddbdde8cd34eea8084508b6187404d5450b81e53ad9b04c1ec57add3857c5d",
        "submissions/scores/prophet-setting1.txt": "924d7adf598e7882363349cda31e64f4d43e9142c9625380e428466b34a72f88",
        "submissions/scores/prophet-setting2.txt": "c38c59b6388122616be4a8c8fa875bede6cd12ad01396bb1164170bf96a1de63",
        "submissions/scores/prophet-setting4.txt": "ae60a7bcd09c35bf6bf703d5f63c750726ac7be06f10d85a46f454c1575eab22",
        "submissions/scores/willia-umbrela1.txt": "a7a40aca152a13313b7e39e5356d876f3f7b0d1d8f3ddadc3c4185bde350db01",
        "submissions/scores/willia-umbrela2.txt": "008fde13659027484106868ebf58a0768a85e33d12a3a3168f5f11524b4ad2e3",
        "submissions/scores/willia-umbrela3.txt": "55a1cbfaa702b125bffe76d6e86fccec59f42306d2c0c3fd24e15112db4d2d7c",
    },
))

_add(Source(
    key="synthetic-test-collections",
    title="TREC Deep Learning 2023 passages: NIST's and GPT-4's labels on the same pairs",
    folder="llm-judges/synthetic-test-collections",
    homepage="https://github.com/rahmanidashti/SyntheticTestCollections",
    upstream=_github("rahmanidashti/SyntheticTestCollections", "bb108f587d08425d8e66108beb663d297039117e"),
    citation=("Rahmani, H. A., Craswell, N., Yilmaz, E., Mitra, B. and Campos, D. (2024). "
              "Synthetic test collections for retrieval evaluation. SIGIR 2024, 2647-2651."),
    bibkey="rahmani2024synthetic",
    terms=("The repository's README says MIT (no licence file); the NIST labels are TREC Deep "
           "Learning 2023's public relevance judgements."),
    files={
        "2023.qrels.pass.gpt4.txt": "d76d2ab43c7dc6166db77eddd4de603c9f6f4494a62cc84d5087f490479bb69c",
        "2023.qrels.pass.withDupes.txt": "5a98a95d5714b00c5066593719e5eb7ca93dd13588d0facf7f426a4c9d6b19b8",
        "2023_queries.tsv": "56b763823a2a9027b136f42dc5d9c429112198b40c075b1c5df63672e8e3cb4b",
        "README.md": "f0fea89d698cb6cd18c5c914fa7b429e38db127e39a3c9d156f6ace21d3d83f3",
    },
))

_add(Source(
    key="syndl",
    title="nDCG@10 per topic of every TREC Deep Learning 2019-23 passage run, under NIST's and GPT-4's qrels",
    folder="llm-judges/syndl",
    homepage="https://github.com/rahmanidashti/SynDL",
    upstream=_github("rahmanidashti/SynDL", "78a3ffe3cb33bd80b99014ae13ba9d854ec6e055"),
    citation=("Rahmani, H. A., Wang, X., Yilmaz, E., Craswell, N., Mitra, B. and Thomas, P. (2024). "
              "SynDL: a large-scale synthetic test collection for passage retrieval. "
              "arXiv:2408.16312."),
    bibkey="rahmani2024syndl",
    terms=("The repository's README says MIT (no licence file). This table is derived: it holds "
           "the ndcg_cut_10 lines of the repository's trec_eval -q outputs, one row per run and "
           "topic (see rankmetrics_course.data.syndl)."),
    files={
        "ndcg10_per_topic.csv.gz": "cdff7db0318a354bfa6c205431fab245716eec2586e1739c803a6cb2604a79c9",
    },
))

_add(Source(
    key="trec-web-2012",
    title="TREC 2012 Web track: topics with subtopics, ad hoc and diversity qrels",
    folder="web-diversity/web2012",
    homepage="https://trec.nist.gov/data/web2012.html",
    upstream=_github("zuacubd/trec-web-track-2009-2014", "c3410481688842604e34a248bfb2ebfffa9a91fc", "2012/"),
    citation=("Clarke, C. L. A., Craswell, N. and Voorhees, E. M. (2012). Overview of the TREC 2012 "
              "Web track. TREC 2012."),
    bibkey="clarke2012overview",
    terms=("NIST's public track files (topics and relevance judgements), distributed for research; "
           "cite the track overview."),
    files={
        "eval-README.txt": "1979882aad25ec5ebc8023d048a4657c51a0ebc77c497349011bd4908ec5af6e",
        "full-topics.xml": "17c5537ed11bde68ea03da15d42ea58cb0a651cf5896da0be05292c22745bddf",
        "qrels-for-ndeval.txt": "56b40b405e08b29e453f4ae380f421c5b5dfee04abd4cf2e6b52802df7e1adb6",
        "qrels.adhoc.txt": "f04ee8368da4d3329e97ef8b5a859598626d1bcc7bf6a7971964d7a2a3b26c0e",
        "qrels.diversity.txt": "639d54a7830bd6a7141c212edaed756a907e0d5141d88be55c66dcc5d57bce82",
        "queries.151-200.txt": "2c80547bef19b2b11654a5d7276b416007e7c2311061a7cc82ef73d42fe6a34e",
    },
))

_add(Source(
    key="trec-web-2012-baselines",
    title="TREC 2012 Web track: the organisers' Indri baselines (query likelihood, relevance model)",
    folder="web-diversity/web2012/baseline-runs",
    homepage="https://github.com/trec-web/trec-web-2014",
    upstream=_github("trec-web/trec-web-2014", "eb769d1ae81f29e34672f4a6914a8f399aafe083"),
    citation=("Collins-Thompson, K., Bennett, P., Clarke, C. L. A. and Voorhees, E. M. (2014). "
              "TREC 2014 Web track: the organisers' public baseline runs (trec-web-2014 repository)."),
    bibkey="clarke2012overview",
    terms=("The track organisers' public baseline runs over ClueWeb09, spam-filtered; cite the "
           "track overview."),
    files={
        "README-trec-web-2014.md": "60b915fc6381d0c43083445469a805be063dff2dfb8f989cd0487a07fccb4a03",
        "ql-results-cata-filtered.txt": "24cd0f2b4eaeec19d885955be00150cb8222fba5f7f6bfb4629a4c89cbbb812f",
        "ql-results-catb-filtered.txt": "e34025bbc8d8f52ab545c855d31ee3b4cab873c616620e81ed13b34b84433345",
        "rm-results-cata-filtered.txt": "2e74065f1b4fc3aafdeaa6939c7c94afeb446efbea1481c163ac0e93aa2c48b8",
        "rm-results-catb-filtered.txt": "6d0fc2011f6dc1a02782ac4de7ac6f11ca13ea43b658a9294afb5d33a78db356",
    },
    renamed={
        "README-trec-web-2014.md": "README.md",
        "ql-results-cata-filtered.txt": "data/runs/baselines/2012/ql/results-cata-filtered.txt",
        "ql-results-catb-filtered.txt": "data/runs/baselines/2012/ql/results-catb-filtered.txt",
        "rm-results-cata-filtered.txt": "data/runs/baselines/2012/rm/results-cata-filtered.txt",
        "rm-results-catb-filtered.txt": "data/runs/baselines/2012/rm/results-catb-filtered.txt",
    },
))

_add(Source(
    key="movielens-small",
    title="MovieLens latest-small: 100,836 ratings by 610 users, 1996-2018",
    folder="movielens/ml-latest-small",
    homepage="https://grouplens.org/datasets/movielens/",
    upstream=_github("mehrazinmarzough/ml-latest-small", "c9b85145a783a8a0a60a0a269c29bf06b9e93a00"),
    citation=("Harper, F. M. and Konstan, J. A. (2015). The MovieLens datasets: history and "
              "context. ACM Transactions on Interactive Intelligent Systems 5(4), 19:1-19:19."),
    bibkey="harper2015movielens",
    terms=("GroupLens's licence (README.txt): research use only, no commercial use, no implied "
           "endorsement, redistribution only under the same terms, cite Harper & Konstan 2015."),
    files={
        "README.txt": "63d22ac138e80fae37021797ed8e1b9424b5239dc576a137422adf783ae3f404",
        "links.csv": "028a4a1d17751ca9276e0e0718cfc22356350f224a996e1ec348c23274b9209d",
        "movies.csv": "c47b783f23eb304413307e1bb05335e427737da20ec8d3c0e96335567dd5f3dc",
        "ratings.csv": "80da8b3393dae325bbba5a31f291a6ba55d8d4f4396de3c456f2c1635b1b70e8",
        "tags.csv": "68eec00a0820c2faa8863a6df7032f13d5899a4462bce9a97213905297ff3d34",
    },
))
