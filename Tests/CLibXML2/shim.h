// The system libxml2 (`libxml2-dev`, pkg-config `libxml-2.0`): the tests validate JUnit reports against
// the XSDs with its schema validator.
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
