# A suite with one test of each outcome, for lit-summary.test.
import lit.formats
config.name = "summary"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".txt"]
