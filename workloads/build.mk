# Workload generators and their shared library.
