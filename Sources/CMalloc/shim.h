// glibc's malloc.h, for malloc_trim: memory other threads freed is handed back to the system.
#include <malloc.h>
