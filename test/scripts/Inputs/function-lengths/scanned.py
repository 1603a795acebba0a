def short():
    return 1


def long_one():
    """Seven lines."""
    a = 1
    a += 1
    a += 1
    a += 1
    return a
