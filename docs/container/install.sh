#!/bin/sh
# Installs invoicegen's Debian package on Debian 12 (apt resolves its Depends:) and makes the
# unprivileged user `invoicegen` that runs it. The Containerfile and `make test-package` both run it.
# Usage: install.sh ./invoicegen_VERSION_amd64.deb
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$1" >/dev/null
apt-get clean
rm -rf /var/lib/apt/lists/*
id invoicegen >/dev/null 2>&1 || useradd --system --create-home --home-dir /home/invoicegen \
  --shell /usr/sbin/nologin invoicegen
invoicegen --version
