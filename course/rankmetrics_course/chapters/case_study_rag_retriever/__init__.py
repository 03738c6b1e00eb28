"""The chapter "Case study: evaluating a RAG retriever": its view and its exercises' checks, its corpus and its retrievers."""
