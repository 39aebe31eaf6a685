// Linked into zertz-solve in the ASan build only (CMakeLists.txt,
// ZERTZ_SANITIZE). Open MPI's libraries are built without frame pointers, so
// ASan's fast unwinder loses the stacks of their allocations, and
// LeakSanitizer could not match their start-up leaks against
// scripts/sanitize/lsan.supp. The MPI binary alone records every allocation
// stack with the slow unwinder; zertz and the tests keep the fast one (the
// slow one costs a DWARF unwind per allocation). ASAN_OPTIONS can still
// override this default.
extern "C" const char* __asan_default_options() { return "fast_unwind_on_malloc=0"; }
