/// Placeholder
