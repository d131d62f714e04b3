"""Generated Python op libraries (output of `linalg-ods-gen gen-impl`); do not edit by hand."""
