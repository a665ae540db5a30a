"""Exact shop arithmetic, used to produce real pytest and coverage.py reports for invoicegen's samples."""
from decimal import Decimal, ROUND_HALF_UP


def line_amount(quantity, price, discount_percent=0):
    amount = Decimal(quantity) * Decimal(price) * (100 - Decimal(discount_percent)) / 100
    return amount.quantize(Decimal("0.01"), ROUND_HALF_UP)


def vat(net, rate):
    return (Decimal(net) * Decimal(rate) / 100).quantize(Decimal("0.01"), ROUND_HALF_UP)


def parse_amount(text):
    text = text.strip().replace(",", ".")
    if not text:
        raise ValueError("empty amount")
    return Decimal(text)


def grand_total(lines, rate):
    net = sum((line_amount(q, p) for q, p in lines), Decimal("0"))
    return net + vat(net, rate)


def unused_branch(flag):
    if flag:
        return "covered"
    return "never covered"
