"""The Old Town generator as it stood before the deduction ladder and the propagating counter.

Kept unchanged (its counter, deduction solver, grader, generator and the shared loop) as the
baseline that `benchmarks/bench_oldtown_generate.py` measures the product generator against in
the same run. Product code never imports it.
"""
