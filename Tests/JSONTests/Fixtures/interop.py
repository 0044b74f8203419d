"""The other side of the JSON interop tests: Python's json module writes documents for the reader
and reads what the writer wrote. Called as main(MODE, SEED, COUNT), documents on standard input and
output, each on one line as a byte count and the document."""
import decimal
import json
import random
import sys

SPECIAL = ['"', '\\', '/', '\x00', '\x01', '\x08', '\t', '\n', '\x0b', '\x0c', '\r', '\x1f', '\x7f',
           '\u0080', '\u00a0', 'é', '\u0301', 'ß', '日', '\u2028', '\u2029', '\ufeff', '\uffff',
           '😀', '\U0010ffff', '𝄞']


def random_string(rng):
    chars = []
    for _ in range(rng.randint(0, 12)):
        roll = rng.random()
        if roll < 0.4:
            chars.append(rng.choice(SPECIAL))
        elif roll < 0.8:
            chars.append(chr(rng.randint(0x20, 0x7e)))
        else:
            point = rng.randint(0, 0x10ffff)
            if 0xd800 <= point <= 0xdfff:
                point = 0x41
            chars.append(chr(point))
    return ''.join(chars)


def random_number(rng):
    roll = rng.random()
    if roll < 0.3:
        return rng.randint(-10, 10)
    if roll < 0.5:
        return rng.randint(-10 ** 40, 10 ** 40)
    if roll < 0.6:
        return rng.choice([0.0, -0.0, 1e308, -1e-308, 5e-324, 0.1, 1.5, 2 ** 53 + 0.0])
    return rng.uniform(-1, 1) * 10 ** rng.randint(-300, 300)


def random_value(rng, depth=0):
    roll = rng.randint(0, 4 if depth >= 4 else 7)
    if roll == 0:
        return None
    if roll == 1:
        return rng.random() < 0.5
    if roll == 2:
        return random_number(rng)
    if roll in (3, 4):
        return random_string(rng)
    if roll == 5:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {random_string(rng): random_value(rng, depth + 1) for _ in range(rng.randint(0, 8))}


def dump_randomly(value, rng):
    return json.dumps(value, ensure_ascii=rng.random() < 0.5,
                      indent=rng.choice([None, None, 0, 2, '\t']),
                      separators=rng.choice([None, (',', ':'), (', ', ': ')]),
                      sort_keys=rng.random() < 0.3)


def read_exactly(text):
    """A document read with objects as lists of pairs, so that member order counts, and numbers
    with their type and, for floats, their exact repr."""
    return json.loads(text, parse_float=lambda number: ('float', repr(float(number))),
                      parse_int=lambda number: ('int', int(number)),
                      object_pairs_hook=lambda items: ('object', items))


def read_documents():
    data = sys.stdin.buffer.read()
    documents = []
    position = 0
    while position < len(data):
        space = data.index(b' ', position)
        length = int(data[position:space])
        documents.append(data[space + 1:space + 1 + length])
        position = space + 1 + length + 1
    return documents


def write_documents(documents):
    out = sys.stdout.buffer
    for document in documents:
        out.write(b'%d ' % len(document) + document + b'\n')


def number_tag(text):
    sign, digits, exponent = decimal.Decimal(text).as_tuple()
    digits = ''.join(map(str, digits)).lstrip('0')
    while digits.endswith('0'):
        digits = digits[:-1]
        exponent += 1
    if not digits:
        exponent = 0
    return ['n', '-' if sign else '+', digits, exponent]


def tagged(value):
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return ['s', value]
    if isinstance(value, list):
        return ['a', [tagged(item) for item in value]]
    if isinstance(value, tuple) and value[0] == 'number':
        return number_tag(value[1])
    return ['o', [[key, tagged(item)] for key, item in value[1]]]


def main(mode, seed, count):
    rng = random.Random(seed)
    values = [random_value(rng) for _ in range(count)]
    if mode == 'write':
        write_documents([dump_randomly(value, rng).encode('utf-8') for value in values])
    elif mode == 'check':
        # Python reads what the reader read and the writer wrote as it reads its own document:
        # the same values, numbers of the same type and digits, members in the same order.
        failures = 0
        for index, (value, document) in enumerate(zip(values, read_documents())):
            original = dump_randomly(value, rng)
            if read_exactly(document.decode('utf-8')) != read_exactly(original):
                failures += 1
                print('document %d: Python wrote %r, the reader and writer gave %r' % (index, original, document),
                      file=sys.stderr)
        sys.exit(1 if failures else 0)
    elif mode == 'tag':
        # What the writer wrote, as Python reads it: numbers exactly (as decimal digits and an
        # exponent), strings, and objects with their members in order.
        documents = read_documents()
        results = []
        for document in documents:
            read = json.loads(document.decode('utf-8'),
                              parse_float=lambda text: ('number', text), parse_int=lambda text: ('number', text),
                              object_pairs_hook=lambda items: ('object', items))
            results.append(json.dumps(tagged(read), ensure_ascii=True).encode('ascii'))
        write_documents(results)
