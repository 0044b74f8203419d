# Builds shop, runs it and its tests, and installs it with its manual pages and shell completions.
#
#   make run                      install libyaml-dev if missing, build, and print the example's list
#   make test                     install the test tools that are missing, then run every test
#   make                          build the release binary
#   make install                  install under /usr/local (PREFIX=... to change, DESTDIR=... to stage)
#   make uninstall                remove what install put there (same PREFIX and DESTDIR)
#   make tsan                     ThreadSanitizer over the tests of the work done on two threads
#   make asan                     AddressSanitizer over the tests (ASAN_TESTS=... to filter them)
#   make fuzz                     every fuzz target in turn, at the lowest priority (FUZZ_SECONDS each)
#   make household                the household simulation's long schedule (2,000 steps)
#
# SCRATCH_PATH is SwiftPM's build folder (default .build).

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d

SWIFT ?= swift
SCRATCH_PATH ?= .build
SWIFT_BUILD_FLAGS = -c release --scratch-path "$(SCRATCH_PATH)"
INSTALL ?= install

INSTALLED_FILES = \
	"$(DESTDIR)$(BINDIR)/shop" \
	"$(DESTDIR)$(MANDIR)/man1/shop.1" \
	"$(DESTDIR)$(MANDIR)/man5/shop.5" \
	"$(DESTDIR)$(BASH_COMPLETION_DIR)/shop" \
	"$(DESTDIR)$(ZSH_COMPLETION_DIR)/_shop" \
	"$(DESTDIR)$(FISH_COMPLETION_DIR)/shop.fish"

# The Python test tools' virtual environment, where scripts/install-dependencies.sh makes one.
TEST_PYTHON_BIN = $(CURDIR)/.build/test-python/bin

.PHONY: all build run test install uninstall tsan asan fuzz household

# The tests of what runs on two threads: the YAML reader's producer and tree builder, the items
# decoded as they are read, the rules and exports shared out, the records carried across an edit.
TSAN_TESTS ?= SecondThreadTests|ScheduleTests|StreamingDecoderTests|CarriedRecordsTests
# Empty: every test.
ASAN_TESTS ?=
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= 2
HOUSEHOLD_STEPS ?= 2000
HOUSEHOLD_SEED ?= 1

all: build

build:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product shop

# The main job on the bundled example: the shopping list as a Markdown checklist.
run:
	@bash scripts/install-dependencies.sh build
	$(SWIFT) build --scratch-path "$(SCRATCH_PATH)" --product shop
	@"$$($(SWIFT) build --scratch-path "$(SCRATCH_PATH)" --show-bin-path)/shop" export --format markdown examples/groceries.yaml

test:
	@bash scripts/install-dependencies.sh test
	PATH="$(TEST_PYTHON_BIN):$$PATH" $(SWIFT) test --scratch-path "$(SCRATCH_PATH)"

# Each sanitizer builds in its own folder, the shop program the tests run included, so that the
# debug build is left as it is. A report of either fails the run. SHOP_TEST_SANITIZER tells the
# tests which sanitizer they run under, for the bounds it makes meaningless (resident memory).
tsan:
	$(SWIFT) build --sanitize=thread --scratch-path "$(SCRATCH_PATH)/tsan" --product shop
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --scratch-path "$(SCRATCH_PATH)/tsan" \
		--filter '$(TSAN_TESTS)'

asan:
	@bash scripts/install-dependencies.sh test
	$(SWIFT) build --sanitize=address --scratch-path "$(SCRATCH_PATH)/asan" --product shop
	PATH="$(TEST_PYTHON_BIN):$$PATH" SHOP_TEST_SANITIZER=address ASAN_OPTIONS=halt_on_error=1 \
		LSAN_OPTIONS=suppressions="$(CURDIR)/Tests/lsan-suppressions.txt" $(SWIFT) test --sanitize=address \
		--scratch-path "$(SCRATCH_PATH)/asan" $(if $(ASAN_TESTS),--filter '$(ASAN_TESTS)')

fuzz:
	Fuzz/all.sh $(FUZZ_SECONDS) $(FUZZ_JOBS)

household:
	$(SWIFT) build --scratch-path "$(SCRATCH_PATH)" --product shop
	python3 scripts/household.py --steps $(HOUSEHOLD_STEPS) --seed $(HOUSEHOLD_SEED) \
		--shop "$$($(SWIFT) build --scratch-path "$(SCRATCH_PATH)" --show-bin-path)/shop"

# The completion scripts come from the binary being installed, so they match its commands.
install: build
	@set -e; \
	bin="$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/shop"; \
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man5" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)" "$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"; \
	$(INSTALL) -m 755 "$$bin" "$(DESTDIR)$(BINDIR)/shop"; \
	$(INSTALL) -m 644 man/shop.1 "$(DESTDIR)$(MANDIR)/man1/shop.1"; \
	$(INSTALL) -m 644 man/shop.5 "$(DESTDIR)$(MANDIR)/man5/shop.5"; \
	scripts="$$(mktemp -d)"; \
	trap 'rm -rf "$$scripts"' EXIT; \
	for shell in bash zsh fish; do "$$bin" completions "$$shell" > "$$scripts/$$shell"; done; \
	$(INSTALL) -m 644 "$$scripts/bash" "$(DESTDIR)$(BASH_COMPLETION_DIR)/shop"; \
	$(INSTALL) -m 644 "$$scripts/zsh" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_shop"; \
	$(INSTALL) -m 644 "$$scripts/fish" "$(DESTDIR)$(FISH_COMPLETION_DIR)/shop.fish"; \
	echo "installed shop under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(INSTALLED_FILES)
