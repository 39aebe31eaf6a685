# Thin wrapper: the README's two commands are `make play` and `make test`.
# Both first run scripts/setup.sh, which installs only what is missing.
PORT ?= 8080
JOBS ?= 2
NATIVE := build/native
WASM := build/wasm
EMENV := NODE_PATH=/usr/share/nodejs

.PHONY: play test setup native wasm site tables bench clean screenshots train train-net

play: setup native site
	node scripts/serve.mjs build/site --port $(PORT)

test: setup native site
	ctest --test-dir $(NATIVE) --output-on-failure -j$(JOBS)

setup:
	bash scripts/setup.sh

native:
	cmake -S . -B $(NATIVE) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(NATIVE) -j$(JOBS)

wasm:
	$(EMENV) emcmake cmake -S . -B $(WASM) -DCMAKE_BUILD_TYPE=Release >/dev/null
	$(EMENV) cmake --build $(WASM) -j$(JOBS)

site: wasm native
	bash scripts/make-site.sh

# The README's pictures (docs/images/), rendered by Chromium from build/site.
screenshots: site
	node scripts/screenshots.mjs

# Every benchmark needs what `make play` needs (the site, playwright-core).
bench: setup native site
	bash bench/run-all.sh

# The learned evaluation (docs/engine.md): four rounds of self-play at
# 20,000 nodes per move, each played by the previous round's fit (the first
# by eval-v1, the linear model over the first 56 features), fitted by
# bench/train.py on every round so far; the third fit is eval-v3, and the
# fourth (its target half the result, half the search's value), judged also
# on the archive's held-out games between two people, is eval-v4. Then
# eval-v5: eval-v4 plus parts fitted on 37 blitz's and 37 standard's rows
# alone (learned.h's variant sections). eval-v6: eval-v5 with its 37-blitz part fitted also on
# a fifth round, 20,000 games of 37 blitz alone played by
# eval-v5 (rows for the part only: the general model and the 37-standard
# part stay eval-v5's). eval-v7: eval-v6 with its 37-blitz part fitted on the
# game's result alone (--variant 37:blitz:1), which held up better against
# the classic evaluation at depth than the blended target. Last, eval-v8, the
# default evaluation (bench/engine-results.md): eval-v7 with its 37-blitz part
# fitted on the games of eight players alone (4,000 games of 37 blitz each:
# the classic evaluation, eval-v1 to eval-v7; --alone), a part no single
# player's habits shape.
# 46 minutes on 2 cores from a fresh clone (bench/RESULTS.md). Build again afterwards (make native wasm) to compile the new
# weights in.
ARCHIVE ?= $(firstword $(wildcard ../shared/archive) /work/shared/archive)
DATA := build/data
SELFPLAY = $(NATIVE)/zertz selfplay --nodes 20000 --games 9000 --threads $(JOBS)
EARLY_ZERO := pool,on_board,vacant,bias
train: setup native
	mkdir -p $(DATA)
	$(NATIVE)/zertz features --out $(DATA)/archive.zf $(ARCHIVE)
	$(SELFPLAY) --weights core/engine/weights/eval-v1.txt --seed 11 --out $(DATA)/selfplay11.zf
	/usr/bin/python3 bench/train.py $(DATA)/selfplay11.zf --zero $(EARLY_ZERO) --source "round 1" --weights $(DATA)/round1.txt
	$(SELFPLAY) --weights $(DATA)/round1.txt --seed 12 --out $(DATA)/selfplay12.zf
	/usr/bin/python3 bench/train.py $(DATA)/selfplay11.zf $(DATA)/selfplay12.zf --zero $(EARLY_ZERO) --source "round 2" \
	  --weights $(DATA)/round2.txt
	$(SELFPLAY) --weights $(DATA)/round2.txt --seed 13 --out $(DATA)/selfplay13.zf
	/usr/bin/python3 bench/train.py $(DATA)/selfplay11.zf $(DATA)/selfplay12.zf $(DATA)/selfplay13.zf \
	  --source "$(TRAIN_SOURCE_V3)" --weights core/engine/weights/eval-v3.txt
	$(SELFPLAY) --weights core/engine/weights/eval-v3.txt --seed 14 --out $(DATA)/selfplay14.zf
	/usr/bin/python3 bench/train.py $(DATA)/selfplay11.zf $(DATA)/selfplay12.zf $(DATA)/selfplay13.zf $(DATA)/selfplay14.zf \
	  --lam 0.5 --judge $(DATA)/archive.zf --source "$(TRAIN_SOURCE)" \
	  --weights core/engine/weights/eval-v4.txt --report bench/learned-eval.md
	/usr/bin/python3 bench/train.py $(DATA)/selfplay11.zf $(DATA)/selfplay12.zf $(DATA)/selfplay13.zf $(DATA)/selfplay14.zf \
	  --lam 0.5 --variant 37:blitz --variant 37:standard --judge $(DATA)/archive.zf --source "$(TRAIN_SOURCE)" \
	  --weights core/engine/weights/eval-v5.txt --report bench/learned-eval-v5.md
	$(NATIVE)/zertz selfplay --nodes 20000 --games 20000 --threads $(JOBS) --marbles blitz --layout 37 \
	  --weights core/engine/weights/eval-v5.txt --seed 15 --out $(DATA)/selfplay15-blitz37.zf
	/usr/bin/python3 bench/train.py $(DATA)/selfplay11.zf $(DATA)/selfplay12.zf $(DATA)/selfplay13.zf $(DATA)/selfplay14.zf \
	  --variant-data $(DATA)/selfplay15-blitz37.zf \
	  --lam 0.5 --variant 37:blitz --variant 37:standard --judge $(DATA)/archive.zf --source "$(TRAIN_SOURCE_V6)" \
	  --weights core/engine/weights/eval-v6.txt --report bench/learned-eval-v6.md
	/usr/bin/python3 bench/train.py $(DATA)/selfplay11.zf $(DATA)/selfplay12.zf $(DATA)/selfplay13.zf $(DATA)/selfplay14.zf \
	  --variant-data $(DATA)/selfplay15-blitz37.zf \
	  --lam 0.5 --variant 37:blitz:1 --variant 37:standard --judge $(DATA)/archive.zf --source "$(TRAIN_SOURCE_V7)" \
	  --weights core/engine/weights/eval-v7.txt --report bench/learned-eval-v7.md
	$(POOL) --eval classic --seed 41 --out $(DATA)/pool41-classic.zf
	$(POOL) --weights core/engine/weights/eval-v1.txt --seed 42 --out $(DATA)/pool42-v1.zf
	$(POOL) --weights core/engine/weights/eval-v3.txt --seed 43 --out $(DATA)/pool43-v3.zf
	$(POOL) --weights core/engine/weights/eval-v5.txt --seed 44 --out $(DATA)/pool44-v5.zf
	$(POOL) --weights core/engine/weights/eval-v7.txt --seed 45 --out $(DATA)/pool45-v7.zf
	$(POOL) --eval net --seed 46 --out $(DATA)/pool46-net.zf
	$(POOL) --weights core/engine/weights/eval-v4.txt --seed 47 --out $(DATA)/pool47-v4.zf
	$(POOL) --weights core/engine/weights/eval-v6.txt --seed 48 --out $(DATA)/pool48-v6.zf
	/usr/bin/python3 bench/train.py $(DATA)/selfplay11.zf $(DATA)/selfplay12.zf $(DATA)/selfplay13.zf $(DATA)/selfplay14.zf \
	  $(foreach f,$(POOL_FILES),--variant-data $(DATA)/$(f).zf) \
	  --lam 0.5 --variant 37:blitz:1 --alone 37:blitz --variant 37:standard --judge $(DATA)/archive.zf \
	  --source "$(TRAIN_SOURCE_V8)" --weights core/engine/weights/eval-v8.txt --report bench/learned-eval-v8.md
TRAIN_SOURCE_V3 := zertz selfplay --nodes 20000 --games 9000: --weights eval-v1.txt --seed 11, round 1 --seed 12, round 2 --seed 13
TRAIN_SOURCE := $(TRAIN_SOURCE_V3), eval-v3 --seed 14; target: half the result, half the search value
TRAIN_SOURCE_V6 := $(TRAIN_SOURCE); the 37-blitz part also on --games 20000 --marbles blitz --layout 37: eval-v5 --seed 15
TRAIN_SOURCE_V7 := $(TRAIN_SOURCE_V6); the 37-blitz part's target the result alone
TRAIN_SOURCE_V8 := $(TRAIN_SOURCE); the 37-blitz part on the rows of --games 4000 --marbles blitz --layout 37 alone, by eight players: classic --seed 41, eval-v1 --seed 42, eval-v3 --seed 43, eval-v5 --seed 44, eval-v7 --seed 45, net (eval-v2) --seed 46, eval-v4 --seed 47, eval-v6 --seed 48; its target the result alone
POOL = $(NATIVE)/zertz selfplay --nodes 20000 --games 4000 --threads $(JOBS) --marbles blitz --layout 37
POOL_FILES := pool41-classic pool42-v1 pool43-v3 pool44-v5 pool45-v7 pool46-net pool47-v4 pool48-v6

# The network evaluation (docs/engine.md): the classic evaluation's self-play
# (seed 1) and eval-v1's, the learned default when the network was made
# (seeds 2 and 3), fitted by bench/train_net.py
# into core/engine/weights/eval-v2.txt and bench/network-eval.md.
NET_SOURCE := zertz selfplay --eval classic --nodes 20000 --games 1500 --seed 1; --weights eval-v1.txt --games 1500 --seed 2; --weights eval-v1.txt --games 3000 --seed 3
train-net: setup native
	mkdir -p $(DATA)
	$(NATIVE)/zertz features --out $(DATA)/archive.zf $(ARCHIVE)
	$(NATIVE)/zertz selfplay --eval classic --nodes 20000 --games 1500 --seed 1 --threads $(JOBS) --out $(DATA)/selfplay1.zf
	$(NATIVE)/zertz selfplay --weights core/engine/weights/eval-v1.txt --nodes 20000 --games 1500 --seed 2 --threads $(JOBS) --out $(DATA)/selfplay2.zf
	$(NATIVE)/zertz selfplay --weights core/engine/weights/eval-v1.txt --nodes 20000 --games 3000 --seed 3 --threads $(JOBS) --out $(DATA)/selfplay3.zf
	/usr/bin/python3 bench/train_net.py $(DATA)/selfplay1.zf $(DATA)/selfplay2.zf $(DATA)/selfplay3.zf \
	  --judge $(DATA)/archive.zf --source "$(NET_SOURCE)" \
	  --weights core/engine/weights/eval-v2.txt --report bench/network-eval.md

clean:
	rm -rf build
