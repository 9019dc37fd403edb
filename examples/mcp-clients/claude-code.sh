#!/usr/bin/env sh
# Registers dapgate with Claude Code for the current project (run from the dapgate checkout).
claude mcp add dapgate -- node "$(pwd)/packages/mcp/bin/dapgate.mjs"
