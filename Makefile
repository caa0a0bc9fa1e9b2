# Touchscope: build, run and test on Debian 12 (or Ubuntu) with only Swift preinstalled.
# `make run` and `make test` install the apt packages they need first (with sudo when not root).

SHELL := /bin/bash
SUDO := $(shell [ $$(id -u) -eq 0 ] || echo sudo)
SCENE ?=
ARGS ?=

# Needed to build and run: SDL2, SDL2_ttf, SDL2_image and pkg-config (SwiftPM finds SDL through it).
BUILD_PACKAGES := pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev
# Needed by the tests: a virtual X display, a mouse driver and screenshots for the real-window tests.
TEST_PACKAGES := $(BUILD_PACKAGES) xvfb xauth xdotool imagemagick

XVFB := xvfb-run -a -s "-screen 0 1600x1000x24"

.PHONY: all build run test lint format bench clean deps test-deps

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

build: deps
	swift build -c release

# make run                       opens the tour (Scenes/tour.yaml)
# make run SCENE=Scenes/x.yaml   opens another scene
run: build
	.build/release/touchscope $(SCENE) $(ARGS)

test: test-deps
	swift build --build-tests
	$(XVFB) swift test

lint:
	swift format lint --strict --recursive Sources Tests

format:
	swift format format --in-place --recursive Sources Tests

# make bench                     every figure (release build; the window figures under Xvfb when there
#                                is no display); ARGS="--json" or ARGS="--only frame latency" narrow it
bench: build test-deps
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then .build/release/touchscope bench $(ARGS); \
	else $(XVFB) .build/release/touchscope bench $(ARGS); fi

clean:
	swift package clean
	rm -rf .build
