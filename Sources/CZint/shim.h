// libzint (Debian libzint-dev): linear barcodes (Code 128) as module rows.
#include <zint.h>
