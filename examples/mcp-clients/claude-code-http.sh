#!/usr/bin/env sh
# Registers a running `DAPGATE_HTTP_TOKEN=... npx -y dapgate --http 127.0.0.1:7070` with Claude Code, for every project.
claude mcp add -s user --transport http dapgate http://127.0.0.1:7070/mcp --header "Authorization: Bearer ${DAPGATE_HTTP_TOKEN}"
