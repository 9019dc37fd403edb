"""Raises an uncaught exception deep in a call chain."""


def parse_port(text):
    return int(text)


def load(config):
    return {key: parse_port(value) for key, value in config.items()}


settings = load({"http": "8080", "admin": "80a"})
print(settings)
