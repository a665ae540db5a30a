import Foundation

/// The sRGB ICC profile of PDF/A output intents: Debian `icc-profiles-free`'s `sRGB.icc` (6,922 bytes, ICC v2).
///
/// Compiled in rather than shipped as a resource file, so a copied `invoicegen` binary still
/// writes valid PDF/A. Copyright Kai-Uwe Behrmann, Marti Maria, Photogamut, Graeme Gill,
/// ColorSolutions; the zlib/libpng licence:
///
/// This software is provided 'as-is', without any express or implied warranty. In no event will
/// the authors be held liable for any damages arising from the use of this software. Permission is
/// granted to anyone to use this software for any purpose, including commercial applications, and
/// to alter it and redistribute it freely, subject to the following restrictions: 1. The origin of
/// this software must not be misrepresented; you must not claim that you wrote the original
/// software. If you use this software in a product, an acknowledgment in the product documentation
/// would be appreciated but is not required. 2. Altered source versions must be plainly marked as
/// such, and must not be misrepresented as being the original software. 3. This notice may not be
/// removed or altered from any source distribution.
enum SRGBProfile {
  /// The profile's bytes, compressed with zlib (Flate) once here rather than by qpdf in every document.
  static let flateData = Data(base64Encoded: base64)!
  /// The length of the profile uncompressed.
  static let length = 6922

  private static let base64 =
    "eNrtmVdQFNkax093Tw4MzAxDhiEniRIGEMkZJEdRgZkhM8KQgwlZXIEVRESSIogo4IKrS5BVVEQxIAoKmHeQRUBZF1cRFZUFfNhb"
    + "dW/dp3vvy53/Q/evvnOqv9Ndp6p/VQcAGUI8OyEZ1gcggZfC93GyZQYFhzCx9wEOkAEJUAEmnJ2c6OHr6AeWszIX/FPejwJo5X5P"
    + "51+P/9uQOAk8DgAQfZljOdxk9jLvXOZoTgJnpT69wukpiSkAwF7LTOcvL3CZOSsc8Y0zVjjqGxetzvHzsVvmowDgSFGrTDi1whGr"
    + "TO1aYXY0PwEA6b7l+SrsRP7y86VXeil+W8NqRFfehxnF5XH54SlcDhP8p/MPvdDJyx8f/Jfyv+qzsne+0VvL1T0BMSr+rm0tA4D1"
    + "GgCk5O+aymEAKLsB6Oj5uxZxHIDOEgAkn7FT+WnfaqjVtQMCoAA6kALyQBloAB1gCEyBBbAGDsAVeAI/EAw2AzaIBgmAD9JBDtgF"
    + "8kEhKAEHQRWoBQ2gCbSCM6ATnAeXwTVwC9wFI+AxEIBJ8ArMgfdgEYIgLESGaJAUpACpQtqQIcSC1kMOkDvkAwVDYVAUxINSoRxo"
    + "N1QIlUJVUB3UBP0EnYMuQzegIeghNA7NQH9Cn2AEJsF0WA5Wg/VgFmwDu8F+8CY4Ck6Cs+A8eB9cAdfDp+AO+DJ8Cx6BBfAreB4B"
    + "CBFhIIqIDsJC7BBPJASJRPjIdqQAKUfqkVakG+lH7iECZBb5iMKgaCgmSgdlgXJG+aPYqCTUdlQRqgp1EtWB6kPdQ42j5lBf0WS0"
    + "LFobbY52QQeho9Dp6Hx0OboR3Y6+ih5BT6LfYzAYBkYdY4pxxgRjYjHZmCLMYUwb5hJmCDOBmcdisVJYbawl1hMbjk3B5mMrsaew"
    + "F7HD2EnsBxwRp4AzxDniQnA8XC6uHNeM68EN46Zwi3hRvCreHO+J5+Az8cX4Bnw3/g5+Er9IECOoEywJfoRYwi5CBaGVcJXwhPCW"
    + "SCQqEc2I3sQY4k5iBfE08TpxnPiRRCVpkexIoaRU0j7SCdIl0kPSWzKZrEa2JoeQU8j7yE3kK+Rn5A8iNBFdERcRjsgOkWqRDpFh"
    + "kdcUPEWVYkPZTMmilFPOUu5QZkXxomqidqLhottFq0XPiY6JzovRxAzEPMUSxIrEmsVuiE1TsVQ1qgOVQ82jHqNeoU7QEJoyzY7G"
    + "pu2mNdCu0ibpGLo63YUeSy+k/0gfpM+JU8WNxAPEM8SrxS+ICxgIQ43hwohnFDPOMEYZnyTkJGwkuBJ7JVolhiUWJGUkrSW5kgWS"
    + "bZIjkp+kmFIOUnFS+6U6pZ5Ko6S1pL2l06WPSF+VnpWhy1jIsGUKZM7IPJKFZbVkfWSzZY/JDsjOy8nLOcklylXKXZGblWfIW8vH"
    + "ypfJ98jPKNAU1ivEKJQpXFR4yRRn2jDjmRXMPuacoqyis2KqYp3ioOKikrqSv1KuUpvSU2WCMks5UrlMuVd5TkVBxUMlR6VF5ZEq"
    + "XpWlGq16SLVfdUFNXS1QbY9ap9q0uqS6i3qWeov6Ew2yhpVGkka9xn1NjCZLM07zsOZdLVjLWCtaq1rrjjasbaIdo31Ye2gNeo3Z"
    + "Gt6a+jVjOiQdG500nRadcV2Grrturm6n7ms9Fb0Qvf16/Xpf9Y314/Ub9B8bUA1cDXINug3+NNQyZBtWG95fS17ruHbH2q61b4y0"
    + "jbhGR4weGNOMPYz3GPcafzExNeGbtJrMmKqYhpnWmI6x6CwvVhHruhnazNZsh9l5s4/mJuYp5mfM/7DQsYizaLaYXqe+jruuYd2E"
    + "pZJluGWdpWA9c33Y+qPrBVaKVuFW9VbPrZWtOdaN1lM2mjaxNqdsXtvq2/Jt220X7MztttldskfsnewL7AcdqA7+DlUOzxyVHKMc"
    + "WxznnIydsp0uOaOd3Zz3O4+5yLmwXZpc5lxNXbe59rmR3Hzdqtyeu2u58927PWAPV48DHk82qG7gbej0BJ4ungc8n3qpeyV5/eKN"
    + "8fbyrvZ+4WPgk+PT70vz3eLb7Pvez9av2O+xv4Z/qn9vACUgNKApYCHQPrA0UBCkF7Qt6FawdHBMcFcINiQgpDFkfqPDxoMbJ0ON"
    + "Q/NDRzepb8rYdGOz9Ob4zRe2ULaEbzkbhg4LDGsO+xzuGV4fPh/hElETMce2Yx9iv+JYc8o4M1xLbil3KtIysjRyOsoy6kDUTLRV"
    + "dHn0bIxdTFXMm1jn2NrYhTjPuBNxS/GB8W0JuISwhHM8Ki+O17dVfmvG1qFE7cT8REGSedLBpDm+G78xGUrelNyVQl/+SQ+kaqR+"
    + "lzqetj6tOu1DekD62QyxDF7GQKZW5t7MqSzHrOPZqGx2dm+OYs6unPFtNtvqtkPbI7b37lDekbdjcqfTzpO7CLvidt3O1c8tzX23"
    + "O3B3d55c3s68ie+cvmvJF8nn54/tsdhT+z3q+5jvB/eu3Vu592sBp+BmoX5heeHnInbRzR8Mfqj4YWlf5L7BYpPiIyWYEl7J6H6r"
    + "/SdLxUqzSicOeBzoKGOWFZS9O7jl4I1yo/LaQ4RDqYcEFe4VXZUqlSWVn6uiq0aqbavbamRr9tYsHOYcHj5ifaS1Vq62sPbT0Zij"
    + "D+qc6jrq1erLj2GOpR170RDQ0H+cdbypUbqxsPHLCd4JwUmfk31Npk1NzbLNxS1wS2rLzKnQU3d/tP+xq1Wnta6N0VZ4GpxOPf3y"
    + "p7CfRs+4nek9yzrb+rPqzzXttPaCDqgjs2OuM7pT0BXcNXTO9Vxvt0V3+y+6v5w4r3i++oL4heIeQk9ez9LFrIvzlxIvzV6OujzR"
    + "u6X38ZWgK/f7vPsGr7pdvX7N8dqVfpv+i9ctr5+/YX7j3E3Wzc5bJrc6BowH2m8b324fNBnsuGN6p+uu2d3uoXVDPcNWw5fv2d+7"
    + "dt/l/q2RDSNDo/6jD8ZCxwQPOA+mH8Y/fPMo7dHi451P0E8Knoo+LX8m+6z+V81f2wQmggvj9uMDz32fP55gT7z6Lfm3z5N5L8gv"
    + "yqcUppqmDafPzzjO3H258eXkq8RXi7P5v4v9XvNa4/XPf1j/MTAXNDf5hv9m6c+it1JvT7wzetc77zX/7H3C+8WFgg9SH05+ZH3s"
    + "/xT4aWox/TP2c8UXzS/dX92+PllKWFoSuoDQBYQuIHQBoQsIXUDoAkIXELqA0AWELiB0AaELCF1A6AL/xy6weo6zHGTlcmwMAL9s"
    + "ANxvA1BZBYBaJACU0BRuRsrKKG8rk701MZMfExWdsoaZmsxlRvK53PhMQPgLDn8KHQ=="
}
