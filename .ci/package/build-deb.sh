#!/bin/sh
# Builds invoicegen_VERSION_amd64.deb from a release binary linked with the Swift runtime statically
# (so the server needs no Swift toolchain), the man page and the completions. `Depends:` lists the
# Debian 12 packages of the libraries the binary loads itself (objdump's NEEDED entries, found with
# dpkg -S), and the fonts the invoices' scripts need; never a -dev package, Chromium or Java.
# Usage: build-deb.sh BINARY OUTPUT_FOLDER
set -eu
binary=$1
out=$2
version=$("$binary" --version | awk '{print $NF}')
root=$out/root
rm -rf "$root"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/invoicegen" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
install -m 755 "$binary" "$root/usr/bin/invoicegen"
strip --strip-unneeded "$root/usr/bin/invoicegen"
"$binary" man | gzip -9n > "$root/usr/share/man/man1/invoicegen.1.gz"
"$binary" completions bash > "$root/usr/share/bash-completion/completions/invoicegen"
"$binary" completions zsh > "$root/usr/share/zsh/vendor-completions/_invoicegen"
"$binary" completions fish > "$root/usr/share/fish/vendor_completions.d/invoicegen.fish"
chmod 644 "$root"/usr/share/*/completions/* "$root"/usr/share/zsh/vendor-completions/* \
  "$root"/usr/share/fish/vendor_completions.d/*
cat > "$root/usr/share/doc/invoicegen/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: invoicegen

Files: *
Copyright: 2026 the invoicegen authors
License: MIT
COPYRIGHT
printf 'invoicegen (%s) stable; urgency=medium\n\n  * Release %s.\n\n -- invoicegen maintainers <maintainers@invoicegen.example.org>  %s\n' \
  "$version" "$version" "$(date -R -d @0)" | gzip -9n > "$root/usr/share/doc/invoicegen/changelog.gz"
# The packages of the libraries the binary names itself (apt resolves theirs).
libraries=$(objdump -p "$root/usr/bin/invoicegen" | awk '/NEEDED/{print $2}')
depends=""
for library in $libraries; do
  package=$(dpkg -S "*/$library" 2>/dev/null | grep -v -- '-dev:' | head -1 | cut -d: -f1)
  [ -n "$package" ] || { echo "build-deb.sh: no Debian package holds $library" >&2; exit 1; }
  case " $depends " in *" $package "*) ;; *) depends="$depends $package" ;; esac
done
fonts="fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-liberation2"
depends=$(echo $depends $fonts | tr ' ' '\n' | sort -u | paste -sd, | sed 's/,/, /g')
size=$(du -sk "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: invoicegen
Version: $version
Architecture: amd64
Maintainer: invoicegen maintainers <maintainers@invoicegen.example.org>
Installed-Size: $size
Depends: $depends
Section: text
Priority: optional
Homepage: https://github.com/invoicegen/invoicegen
Description: print-quality invoices, reports and e-invoices from CSV and JSON, in batch
 invoicegen renders invoices and reports to tagged PDF, PNG and SVG with
 exact money arithmetic, every script through Pango, and the e-invoice
 formats (Factur-X, XRechnung, Peppol, FatturaPA). It runs in cron jobs
 and shards on an existing scheduler.
CONTROL
deb=$out/invoicegen_${version}_amd64.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
