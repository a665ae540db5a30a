// libxml2's streaming reader, for JUnit and Cobertura XML.
//
// Debian's libxml2 is built with ICU, so its encoding.h includes <unicode/ucnv.h>; Foundation
// ships its own ICU headers, and the two clash in one Swift module. invoicegen never uses
// libxml2's ICU converters, so the header is skipped and its one type declared opaque.
#ifndef UCNV_H
#define UCNV_H 1
typedef struct UConverter UConverter;
typedef unsigned short UChar;
#endif
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>
