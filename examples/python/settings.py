"""Loads settings that contain credentials: for secret masking."""


def load():
    settings = {"region": "eu", "db_password": "hunter2-not-real", "retries": 3}
    api_token = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"
    user = "ada"
    print("connecting as", user, "with", api_token)
    return settings, api_token, user


load()
