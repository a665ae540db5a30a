// libqrencode (Debian libqrencode-dev): QR code symbols as module matrices.
#include <qrencode.h>
