import PageRendering
print(cairoVersion())
