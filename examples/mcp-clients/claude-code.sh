#!/usr/bin/env sh
# Registers dapgate with Claude Code for every project of this user (stdio; Claude Code starts it).
claude mcp add -s user dapgate -- npx -y dapgate
