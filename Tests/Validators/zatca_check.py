"""Decodes ZATCA QR payloads (Base64 TLV) with uttlv (PyPI), an independent TLV parser.

Each argument is one payload as decoded from a page; prints a JSON list with, per payload, its five
fields by name (seller, vat_number, timestamp, total, vat) and `extra`, any tag beyond the five.
"""
import base64
import json
import sys

from uttlv import TLV

NAMES = {1: "seller", 2: "vat_number", 3: "timestamp", 4: "total", 5: "vat"}


def decode(payload):
    tlv = TLV(len_size=1)
    tlv.parse_array(base64.b64decode(payload, validate=True))
    fields = {}
    extra = []
    for tag in range(1, 256):
        try:
            value = tlv[tag]
        except (KeyError, AttributeError):
            continue
        text = bytes(value).decode("utf-8") if isinstance(value, (bytes, bytearray, list)) else str(value)
        if tag in NAMES:
            fields[NAMES[tag]] = text
        else:
            extra.append(tag)
    fields["extra"] = extra
    return fields


if __name__ == "__main__":
    print(json.dumps([decode(arg) for arg in sys.argv[1:]], ensure_ascii=False))
