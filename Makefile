# Touchscope: build, run and test on Debian 12 (or Ubuntu) with only Swift preinstalled.
# `make run` and `make test` install the apt packages they need first (with sudo when not root).

SHELL := /bin/bash
SUDO := $(shell [ $$(id -u) -eq 0 ] || echo sudo)
SCENE ?=
ARGS ?=

# Needed to build and run: SDL2, SDL2_ttf, SDL2_image and pkg-config (SwiftPM finds SDL and libyaml
# through it); libyaml, whose event parser the scene reader composes itself, keeping every node's line and
# column (Sources/CLibYAML; no Swift YAML package); the fonts for text the bundled DejaVu has no glyphs
# for, found through fontconfig: Noto Sans CJK (Chinese, Japanese, Korean) and Symbola (emoji and symbols);
# GNU FriBidi, which puts right-to-left text in drawing order and joins Arabic letters (Sources/CFriBidi);
# FFmpeg, which encodes `touchscope record`'s and F9's GIF, MP4 and WebM files; and libxml2, under
# Foundation's XMLParser on Linux (`touchscope import storyboard`).
BUILD_PACKAGES := pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libyaml-dev fontconfig \
  libfontconfig-dev libfribidi-dev fonts-noto-cjk fonts-symbola ffmpeg libxml2
# Needed by the tests: a virtual X display, xdotool to drive its mouse and keyboard, xinput to check that
# no key or button is left held between real-window tests, and screenshots; a headless Chromium to print
# `touchscope handout`'s page to PDF, and poppler-utils to read the PDF's pages back.
TEST_PACKAGES := $(BUILD_PACKAGES) xvfb xauth xdotool xinput imagemagick chromium poppler-utils

# -noreset: otherwise the X server resets whenever its last client leaves (between two real-window
# tests), and a window opening at that moment finds no display.
XVFB := xvfb-run -a -s "-screen 0 1600x1000x24 -noreset"
# The tests read the program's English (the window and `explain` follow LC_ALL/LC_MESSAGES/LANG);
# `make run` keeps the user's language.
test test-window-stress test-under-load test-asan soak bench: export LC_ALL := C.UTF-8

.PHONY: install schema all build run test test-window-stress test-under-load test-asan fuzz soak lint format bench clean deps test-deps

all: build

# Installs whichever of $(1) is missing (one apt-get run, only when something is missing).
define apt_install
	@missing=""; \
	for p in $(1); do \
	  dpkg -s "$$p" 2>/dev/null | grep -q '^Status: install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

test-deps:
	$(call apt_install,$(TEST_PACKAGES))

# Swift's standard library, Foundation and Dispatch linked into the binary (`--static-swift-stdlib`): the
# dynamic linker no longer resolves their symbols at every start. Measured on 2026-11-30
# (docs/PERFORMANCE.md): start-up 57 ms -> 45 ms, and the frames faster too (the tour's 1.11 ms -> 0.90 ms,
# two runs an hour apart); the binary grows from 28 MB to 99 MB.
build: deps
	swift build -c release --static-swift-stdlib

# make install PREFIX=DIR        the binary in DIR/bin, its fonts and scene library in DIR/share/touchscope
#                                (default /usr/local; DESTDIR is honoured), so `touchscope` runs anywhere;
#                                the scene schema in DIR/share/touchscope/docs, where the scenes' first line
#                                (`$schema=../docs/scene.schema.json`) finds it
PREFIX ?= /usr/local
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/touchscope/docs"
	install -m 755 .build/release/touchscope "$(DESTDIR)$(PREFIX)/bin/touchscope"
	rm -rf "$(DESTDIR)$(PREFIX)/share/touchscope/Assets" "$(DESTDIR)$(PREFIX)/share/touchscope/Scenes"
	cp -R Assets Scenes "$(DESTDIR)$(PREFIX)/share/touchscope/"
	install -m 644 docs/scene.schema.json "$(DESTDIR)$(PREFIX)/share/touchscope/docs/scene.schema.json"

# make schema                    writes docs/scene.schema.json again from the scene reader's key tables
#                                (SchemaTests fails while the committed file differs from the generator's)
schema:
	swift build --product touchscope
	.build/debug/touchscope schema > docs/scene.schema.json.new && mv docs/scene.schema.json.new docs/scene.schema.json

# make run                       opens the tour (Scenes/tour.yaml)
# make run SCENE=Scenes/x.yaml   opens another scene
run: build
	.build/release/touchscope $(SCENE) $(ARGS)

test: test-deps
	swift build --build-tests
	$(XVFB) swift test

# make test-window-stress N=30   the real-window suites N times in a row, each on a fresh X display;
#                                prints each run's result and the failure count, fails unless it is 0.
#                                A failed run's log is kept in .build/window-stress-K.log.
N ?= 30
test-window-stress: test-deps
	swift build --build-tests
	@fails=0; \
	for i in $$(seq 1 $(N)); do \
	  log=.build/window-stress-$$i.log; start=$$(date +%s); \
	  if $(XVFB) swift test --skip-build --filter RealWindowTests > $$log 2>&1; then \
	    echo "run $$i of $(N): passed in $$(( $$(date +%s) - start )) s"; rm -f $$log; \
	  else \
	    fails=$$((fails + 1)); echo "run $$i of $(N): FAILED (log: $$log)"; grep -E "✘|Timeout" $$log | head -n 6; \
	  fi; \
	done; \
	echo "window stress: $$fails of $(N) runs failed"; \
	[ $$fails -eq 0 ]

# make test-under-load   the whole suite while two busy processes (one per core of a two-core machine) keep
#                        the cores loaded: no test may depend on the machine being quiet. The load stops
#                        with the suite, whatever its result.
LOAD ?= 2
test-under-load: test-deps
	swift build --build-tests
	@pids=""; for i in $$(seq 1 $(LOAD)); do ( while :; do :; done ) & pids="$$pids $$!"; done; \
	trap 'kill $$pids 2>/dev/null' EXIT; \
	echo "test-under-load: $(LOAD) busy processes ($$pids)"; \
	$(XVFB) swift test --skip-build

# The whole test suite built with the address sanitizer (its own build folder, .build-asan), the
# real-window tests included (they run the sanitized program), with leak detection. Any report fails the
# run, except leaks inside libraries Touchscope does not own (Tests/lsan-suppressions.txt).
ASAN_BUILD := swift build --build-tests --sanitize=address --scratch-path .build-asan
test-asan: test-deps
	$(ASAN_BUILD)
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 \
	  TOUCHSCOPE_EXECUTABLE=$(CURDIR)/.build-asan/debug/touchscope TOUCHSCOPE_TEST_SLOWDOWN=4 \
	  $(XVFB) swift test --skip-build --sanitize=address --scratch-path .build-asan

# libFuzzer targets for the scene loader and the engine (a script decoded from the fuzz bytes), each run
# for FUZZ_SECONDS. Seeds: the library's scenes and the earlier findings. A finding is written to
# Tests/FuzzFindings/<target>/ and from then on is a regression test (FuzzFindingTests).
FUZZ_SECONDS ?= 60
FUZZ_BUILD := TOUCHSCOPE_FUZZ=1 swift build -c release --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
FUZZ_ENV := SWIFT_BACKTRACE=enable=no
FUZZ_FLAGS := -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 -print_final_stats=1
fuzz: deps
	$(FUZZ_BUILD) --product FuzzSceneLoader
	$(FUZZ_BUILD) --product FuzzEngine
	mkdir -p .build-fuzz/corpus/scene .build-fuzz/corpus/engine
	cp Scenes/*.yaml Tests/FuzzFindings/scene/* .build-fuzz/corpus/scene/
	cp Tests/FuzzFindings/engine/* .build-fuzz/corpus/engine/
	$(FUZZ_ENV) .build-fuzz/release/FuzzSceneLoader .build-fuzz/corpus/scene $(FUZZ_FLAGS) -max_len=20000 \
	  -artifact_prefix=Tests/FuzzFindings/scene/
	$(FUZZ_ENV) LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan-engine.supp .build-fuzz/release/FuzzEngine .build-fuzz/corpus/engine $(FUZZ_FLAGS) -max_len=4096 \
	  -artifact_prefix=Tests/FuzzFindings/engine/

# One hour of simulated continuous input (120 events a second) replayed into the window's model and
# engine, resident memory sampled every ten simulated minutes (`touchscope bench --only memory`): fails
# unless the peak stays under 150 MB and memory grows less than 10 MB from minute 10 to the end.
SOAK_MINUTES ?= 60
soak: build
	.build/release/touchscope bench --only memory --minutes $(SOAK_MINUTES) --strict

# The Swift sources' format, and every relative link, image and repository path the Markdown names.
lint:
	swift format lint --strict --recursive Sources Tests Fuzz
	$(call apt_install,python3)
	python3 .ci/check-doc-links

format:
	swift format format --in-place --recursive Sources Tests Fuzz

# make bench                     every figure (release build; the window figures under Xvfb when there
#                                is no display); ARGS="--json" or ARGS="--only frame latency" narrow it
bench: build test-deps
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then .build/release/touchscope bench $(ARGS); \
	else $(XVFB) .build/release/touchscope bench $(ARGS); fi

clean:
	swift package clean
	rm -rf .build
