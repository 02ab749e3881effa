"""Research code: how the project's built-in data was made. Product code never imports it."""
