#include <stdio.h>
#include <stdlib.h>
/* Half-away-from-zero rounding of cents, for a real gcovr Cobertura sample. */
long round_cents(long milli) {
  if (milli >= 0) return (milli + 5) / 10;
  return -((-milli + 5) / 10);
}
long parse_milli(const char *text) {
  char *end = NULL;
  double value = strtod(text, &end);
  if (end == text) return 0;
  return (long)(value * 1000 + (value < 0 ? -0.5 : 0.5));
}
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) printf("%ld\n", round_cents(parse_milli(argv[i])));
  return 0;
}
