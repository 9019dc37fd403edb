"""A tokenizer next to a credential: `tokens` is data, `db_password` is a secret."""


def tokenize(text):
    tokens = text.split()
    rpntokens = list(reversed(tokens))
    token = tokens[0]
    db_password = "hunter2-not-real"
    print("parsed", len(tokens), "tokens")
    return tokens, rpntokens, token, db_password


tokenize("3 4 + 2 *")
