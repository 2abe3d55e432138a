//! The search shared by the chess-like bots (placeholder).
