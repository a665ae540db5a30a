#!/bin/sh
# Installs the Debian package in a clean Debian 12 root made by debootstrap (cached under
# .build/package/debian12-base; each run starts from a fresh copy) with docs/container/install.sh,
# then renders the samples inside it as the unprivileged user: no Swift toolchain, no build tree,
# no -dev package there. The PDFs are checked from outside with qpdf and pdffonts.
# Usage: test-package.sh PACKAGE.deb (as root: debootstrap and chroot need it)
set -eu
deb=$(realpath "$1")
work=$(realpath .build/package)
base=$work/debian12-base
root=$work/debian12-test
lintian --fail-on error,warning "$deb" >/dev/null 2>&1 || { echo "test-package: lintian finds errors or warnings"; exit 1; }
if [ ! -x "$base/usr/bin/apt-get" ]; then
  rm -rf "$base"
  debootstrap --variant=minbase bookworm "$base" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -5 "$work/debootstrap.log"; exit 1; }
fi
umount "$root/proc" 2>/dev/null || true
rm -rf "$root"
cp -a "$base" "$root"
mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" docs/container/install.sh "$root/tmp/"
chroot "$root" sh /tmp/install.sh "/tmp/$(basename "$deb")"
# Nothing of the toolchain or the build tree inside, and every library the binary loads is there.
for path in /opt/swift /usr/lib/swift /usr/share/swift "$(pwd)"; do
  [ ! -e "$root$path" ] || { echo "test-package: $path is inside the clean root"; exit 1; }
done
if chroot "$root" ldd /usr/bin/invoicegen | grep -E "not found|swift"; then exit 1; fi
chroot "$root" sh -c 'dpkg -l | grep -E "^ii +[^ ]+-dev[: ]"' && { echo "test-package: a -dev package is installed"; exit 1; }
test -s "$root/usr/share/man/man1/invoicegen.1.gz"
install -d -o "$(chroot "$root" id -u invoicegen)" "$root/home/invoicegen/samples"
cp -r SampleData/. "$root/home/invoicegen/samples/"
cp .ci/package/arabic.json "$root/home/invoicegen/samples/"
chroot "$root" chown -R invoicegen /home/invoicegen/samples
chroot --userspec=invoicegen "$root" sh -eu -c '
  cd /home/invoicegen/samples
  invoicegen --version
  invoicegen --input orders.csv --out out/invoices --progress never
  invoicegen --input orders.csv --check --progress never
  invoicegen report --input report.json --out out/report.pdf
  invoicegen --input einvoice-orders.csv --config einvoice.json --einvoice facturx --out out/facturx --progress never
  invoicegen --input japan-orders.csv --config japan.json --out out/japan --progress never
  invoicegen --input arabic.json --out out/arabic --progress never
'
out=$root/home/invoicegen/samples/out
count=0
for pdf in $(find "$out" -name '*.pdf'); do
  qpdf --check "$pdf" >/dev/null || { echo "test-package: qpdf --check fails on $pdf"; exit 1; }
  if pdffonts "$pdf" | awk 'NR > 2 && $(NF-4) != "yes" {found = 1} END {exit !found}'; then
    echo "test-package: a font is not embedded in $pdf"; pdffonts "$pdf"; exit 1
  fi
  count=$((count + 1))
done
pdfdetach -list "$(find "$out/facturx" -name '*.pdf' | head -1)" | grep -q factur-x.xml
pdftotext "$out/japan/$(ls "$out/japan" | head -1)" - | grep -q '請求書'
pdftotext "$out/arabic/AR-1.pdf" - | grep -q 'فاتورة'
echo "test-package: $(basename "$deb") installed with apt in a clean Debian 12 root; $count PDFs rendered there pass qpdf --check with every font embedded"
