import time
import pytest
from shop_math import line_amount, vat, parse_amount, grand_total, unused_branch


class TestLineAmount:
    def test_simple(self):
        assert line_amount(3, "33.333") == __import__("decimal").Decimal("100.00")

    def test_discount(self):
        assert line_amount(10, "9.99", 15) == __import__("decimal").Decimal("84.92")

    def test_rounding_half_up(self):
        # Deliberately wrong expectation: shows a failure with a message and a traceback.
        assert line_amount(1, "2.345") == __import__("decimal").Decimal("2.34")


def test_vat_19():
    assert vat("100.00", 19) == __import__("decimal").Decimal("19.00")


def test_vat_slow():
    time.sleep(0.35)
    assert vat("0.05", 10) == __import__("decimal").Decimal("0.01")


@pytest.mark.parametrize("text,expected", [("1.50", "1.50"), ("2,75", "2.75"), (" 3 ", "3")])
def test_parse_amount(text, expected):
    assert parse_amount(text) == __import__("decimal").Decimal(expected)


def test_parse_empty_raises():
    with pytest.raises(ValueError):
        parse_amount("   ")


@pytest.fixture
def broken_fixture():
    raise RuntimeError("database fixture could not connect to localhost:5432")


def test_uses_broken_fixture(broken_fixture):
    assert broken_fixture


@pytest.mark.skip(reason="needs the payment sandbox")
def test_payment_gateway():
    pass


def test_grand_total():
    assert grand_total([(2, "50.00"), (1, "30.00")], 19) == __import__("decimal").Decimal("154.70")


def test_unused_branch():
    assert unused_branch(True) == "covered"
